// "Benchmark a file or folder...": asks for existing data (a file, or a folder of files) to measure where
// it is. Says what will run and that nothing is written; refuses what cannot be measured before the run.
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace hashscope::gui {

class DataTargetDialog : public QDialog {
  Q_OBJECT
public:
  // `startFolder`: where Browse... opens (the selected location, e.g. a read-only one).
  explicit DataTargetDialog(const QString& startFolder, QWidget* parent = nullptr);

  QString path() const;
  void setPath(const QString& path);       // as if typed; also picks "file" or "folder" from what it is
  bool folderChosen() const;
  QString checkText() const;               // what the dialog says about the current path
  bool canStart() const;                   // the Benchmark button is enabled

private:
  void browse();
  void check();

  QString m_startFolder;
  QRadioButton* m_file;
  QRadioButton* m_folder;
  QLineEdit* m_path;
  QLabel* m_check;
  QDialogButtonBox* m_buttons;
};

}  // namespace hashscope::gui
