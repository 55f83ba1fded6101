// Step 3 of the workflow: the sample file the benchmark reads (size, content), created here with a
// progress bar and write speed, or reused when it already exists; existing samples can be deleted.
#pragma once

#include <QGroupBox>

#include <cstdint>

#include "hashscope/types.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace hashscope::gui {

class SampleController;
class SampleListModel;

class SamplesPanel : public QGroupBox {
  Q_OBJECT
public:
  explicit SamplesPanel(QWidget* parent = nullptr);

  std::uint64_t sampleSize() const;     // 0 when the typed size is not valid
  SampleContent content() const;
  void setSampleSize(std::uint64_t size);
  void setContent(SampleContent content);
  bool keepSamples() const;             // "Keep samples": the run leaves the samples it created
  void setKeepSamples(bool keep);
  void setTargetFolder(const QString& folder);  // where "Create" writes (shown beside the button)
  QString targetText() const;
  void setPlanText(const QString& text);        // what the next benchmark writes where
  QString planText() const;
  void setListedFolders(const QStringList& folders);  // whose samples are listed (ticked or not)
  void setBenchmarkRunning(bool running);
  SampleListModel* listModel() const { return m_list; }
  SampleController* controller() const { return m_controller; }

Q_SIGNALS:
  void specChanged();                    // size, content or "Keep samples" changed
  void samplesChanged();                 // a sample was created or deleted
  void statusMessage(const QString& text);

private:
  void create();
  void removeSelected();
  void onProgress(double fraction, double mbPerSec);
  void onFinished(bool ok, const QString& path, bool reused, double mbPerSec, const QString& error);
  void updateButtons();
  void showInfo(const QString& text);

  SampleController* m_controller;
  SampleListModel* m_list;
  QComboBox* m_size;
  QComboBox* m_content;
  QPushButton* m_create;
  QPushButton* m_cancel;
  QPushButton* m_delete;
  QProgressBar* m_progress;
  QCheckBox* m_keep;
  QLabel* m_target;
  QLabel* m_plan;
  QLabel* m_info;
  QTableView* m_view;
  QString m_folder;
  QString m_writing;  // where the sample being created goes
  QStringList m_folders;
  bool m_running = false;
};

}  // namespace hashscope::gui
