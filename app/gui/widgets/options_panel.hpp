// Step 4b: how to run: cache mode, streams or a ramp, block size, peer tools, reference length.
#pragma once

#include <QGroupBox>

#include "logic/run_options.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace hashscope::gui {

class OptionsPanel : public QGroupBox {
  Q_OBJECT
public:
  explicit OptionsPanel(QWidget* parent = nullptr);
  // Reads/writes the options this panel shows (sample size and content belong to the samples panel).
  void readInto(RunOptions& options) const;
  void setFrom(const RunOptions& options);

private:
  QComboBox* m_preset;
  QCheckBox* m_waitQuiet;
  QComboBox* m_cache;
  QCheckBox* m_warm;
  QSpinBox* m_streams;
  QCheckBox* m_ramp;
  QSpinBox* m_maxStreams;
  QComboBox* m_blockSize;
  QCheckBox* m_peers;
  QDoubleSpinBox* m_hashSeconds;
};

}  // namespace hashscope::gui
