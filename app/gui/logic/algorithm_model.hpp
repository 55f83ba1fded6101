// The grouped algorithm checklist: a header row per family (cryptographic, checksums, fast
// non-cryptographic), then that family's algorithms, each checkable, with the implementation in use
// (e.g. "OpenSSL 3.0 (SHA-NI)") as its tooltip.
#pragma once

#include <QAbstractListModel>
#include <QStringList>

#include <vector>

#include "hashscope/hash.hpp"

namespace hashscope::gui {

class AlgorithmModel : public QAbstractListModel {
  Q_OBJECT
public:
  static constexpr int IsHeaderRole = Qt::UserRole + 1;
  static constexpr int IdRole = Qt::UserRole + 2;

  explicit AlgorithmModel(QObject* parent = nullptr);
  explicit AlgorithmModel(const std::vector<AlgorithmInfo>& algorithms, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

  QStringList checkedIds() const;        // in display order
  void setCheckedIds(const QStringList& ids);

private:
  struct Row {
    bool header = false;
    AlgorithmFamily family = AlgorithmFamily::Cryptographic;
    AlgorithmInfo info;
    bool checked = false;
  };
  std::vector<Row> m_rows;
};

}  // namespace hashscope::gui
