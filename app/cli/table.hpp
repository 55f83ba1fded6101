// Plain-text tables with aligned columns, for the CLI's human-readable output.
#pragma once

#include <string>
#include <vector>

namespace hashscope::cli {

// Columns with a header and an alignment; rows of cells; render() pads with spaces (no trailing spaces).
// Control characters in a cell are shown escaped (shownText), whatever the cell holds.
class Table {
public:
  enum class Align { Left, Right };
  void addColumn(std::string header, Align align = Align::Left);
  // Cells added from now on wider than `columns` are cut there, with an ellipsis: every row is padded to its
  // column's widest cell, so one stored field of megabytes (an imported CPU's name) would make every line as
  // long as itself. 0: no limit (the default).
  void elideCellsAt(std::size_t columns) { m_maxCellWidth = columns; }
  void addRow(std::vector<std::string> cells);
  bool empty() const { return m_rows.empty(); }
  // Header, a rule of dashes, then the rows; columns separated by two spaces.
  std::string render() const;

private:
  struct Column {
    std::string header;
    Align align;
  };
  std::vector<Column> m_columns;
  std::vector<std::vector<std::string>> m_rows;
  std::size_t m_maxCellWidth = 0;
};

// Display width of UTF-8 text (code points; enough for the ASCII and Latin text we print).
std::size_t displayWidth(const std::string& text);

} // namespace hashscope::cli
