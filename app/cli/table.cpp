#include "table.hpp"

#include "names.hpp"

#include <algorithm>

namespace hashscope::cli {

std::size_t displayWidth(const std::string& text)
{
  std::size_t width = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80) // count lead bytes only
      ++width;
  }
  return width;
}

void Table::addColumn(std::string header, Align align)
{
  m_columns.push_back({shownText(header), align});
}

namespace {

// `text` cut to `maxWidth` columns, the cut marked with an ellipsis.
std::string elided(std::string text, std::size_t maxWidth)
{
  if (maxWidth == 0 || displayWidth(text) <= maxWidth)
    return text;
  std::size_t width = 0, end = 0;
  for (; end < text.size(); ++end) {
    if ((static_cast<unsigned char>(text[end]) & 0xC0) != 0x80 && ++width == maxWidth)
      break; // text[end] starts the last column's character: the ellipsis goes there
  }
  text.resize(end);
  return text + "\xE2\x80\xA6";
}

} // namespace

void Table::addRow(std::vector<std::string> cells)
{
  cells.resize(m_columns.size());
  for (std::string& cell : cells) // a cell may hold a stored or imported string: never raw control characters
    cell = elided(shownText(cell), m_maxCellWidth);
  m_rows.push_back(std::move(cells));
}

std::string Table::render() const
{
  std::vector<std::size_t> widths(m_columns.size());
  for (std::size_t c = 0; c < m_columns.size(); ++c) {
    widths[c] = displayWidth(m_columns[c].header);
    for (const auto& row : m_rows)
      widths[c] = std::max(widths[c], displayWidth(row[c]));
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::size_t pad = widths[c] - displayWidth(cells[c]);
      if (c > 0)
        out += "  ";
      if (m_columns[c].align == Align::Right)
        out += std::string(pad, ' ') + cells[c];
      else
        out += cells[c] + std::string(pad, ' ');
    }
    while (!out.empty() && out.back() == ' ')
      out.pop_back();
    return out + "\n";
  };
  std::vector<std::string> headers;
  std::vector<std::string> rules;
  for (std::size_t c = 0; c < m_columns.size(); ++c) {
    headers.push_back(m_columns[c].header);
    rules.push_back(std::string(widths[c], '-'));
  }
  std::string out = line(headers) + line(rules);
  for (const auto& row : m_rows)
    out += line(row);
  return out;
}

} // namespace hashscope::cli
