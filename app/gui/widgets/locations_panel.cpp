#include "widgets/locations_panel.hpp"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "hashscope/storage.hpp"
#include "logic/location_model.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

LocationsPanel::LocationsPanel(LocationModel* model, QWidget* parent)
    : QGroupBox(tr("Locatio&ns"), parent), m_model(model)
{
  m_view = new QTableView(this);
  m_view->setModel(model);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->verticalHeader()->hide();
  m_view->setWordWrap(false);
  m_view->setShowGrid(false);
  m_view->setAlternatingRowColors(true);
  m_view->setTabKeyNavigation(false);  // Tab leaves the table in one press; the arrow keys move inside it
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setSectionResizeMode(LocationModel::StatusColumn, QHeaderView::Stretch);
  m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
  m_view->setToolTip(tr("Tick the folders to benchmark. A sample file is created (or reused) in each.\n"
                        "One location per device is ticked at first: two folders on one disk measure it twice.\n"
                        "Unusable locations (read-only, full) say why in the Status column. Sizes in GiB/MiB."));
  m_view->setMinimumHeight(m_view->verticalHeader()->defaultSectionSize() * 4 + 30);

  m_add = new QPushButton(tr("&Add folder..."), this);
  m_add->setToolTip(tr("Benchmark another folder, for example on a USB disk or a network share"));
  m_refresh = new QPushButton(tr("Refresh"), this);
  m_refresh->setToolTip(tr("Detect the mounted volumes and their free space again"));

  // Existing data needs no sample: the way to measure a read-only location (or any file or folder).
  m_data = new QPushButton(tr("Benchmark a f&ile or folder..."), this);
  m_data->setToolTip(tr("Measure a file or folder you already have, where it is, writing nothing; works on "
                        "read-only locations too (Ctrl+Shift+B)"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_add);
  buttons->addWidget(m_refresh);
  buttons->addStretch();
  buttons->addWidget(m_data);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_view, 1);
  layout->addLayout(buttons);

  connect(m_add, &QPushButton::clicked, this, &LocationsPanel::chooseFolder);
  connect(m_refresh, &QPushButton::clicked, this, &LocationsPanel::refresh);
  connect(m_data, &QPushButton::clicked, this, &LocationsPanel::dataBenchmarkRequested);
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this] { Q_EMIT currentFolderChanged(currentFolder()); });
  connect(model, &QAbstractItemModel::dataChanged, this, &LocationsPanel::locationsChanged);
  connect(model, &QAbstractItemModel::modelReset, this, &LocationsPanel::locationsChanged);
  connect(model, &QAbstractItemModel::rowsInserted, this, &LocationsPanel::locationsChanged);
}

QString LocationsPanel::currentFolder() const
{
  // The selected row when a sample can be written there, else the first ticked location.
  const QModelIndex current = m_view->currentIndex();
  if (current.isValid() && m_model->unusableReason(current.row()).isEmpty())
    return qs(m_model->info(current.row()).path);
  const QStringList checked = m_model->checkedPaths();
  return checked.isEmpty() ? QString() : checked.first();
}

QString LocationsPanel::selectedPath() const
{
  const QModelIndex current = m_view->currentIndex();
  return current.isValid() ? qs(m_model->info(current.row()).path) : QString();
}

void LocationsPanel::addFolder(const QString& folder)
{
  const int row = m_model->addFolder(describeStorage(toPath(folder)));
  m_model->setChecked(row, true);
  m_view->setCurrentIndex(m_model->index(row, 0));
}

void LocationsPanel::chooseFolder()
{
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a folder to benchmark"));
  if (!folder.isEmpty())
    addFolder(folder);
}

void LocationsPanel::refresh()
{
  const QStringList checked = m_model->checkedPaths();
  m_model->setLocations(candidateLocations());
  m_model->setCheckedPaths(checked);
}

}  // namespace hashscope::gui
