// Data shown as text, never as markup: a run imported from elsewhere may name its machine or a location
// "<img src=...>". Labels that show data are Qt::PlainText; tooltips (Qt renders one that looks like HTML
// as HTML, with no way to say otherwise) go through plainToolTip().
#pragma once

#include <QString>

namespace hashscope::gui {

// `text` cut to at most `maxChars` characters, the cut marked with an ellipsis: a field of an imported run (a
// CPU's name of thousands of characters) must not make a label, a column or the window as wide as itself.
inline QString elidedText(const QString& text, qsizetype maxChars = 120)
{
  return text.size() <= maxChars ? text : text.left(maxChars - 1) + QChar(0x2026);
}

// `text` as a tooltip that shows exactly these characters, line breaks kept.
inline QString plainToolTip(const QString& text)
{
  return QStringLiteral("<p style='white-space:pre-wrap'>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

// `text` with every path kept on one line when it wraps: a word joiner (U+2060, invisible) after each '/' that
// is followed by more of the path, where Qt's line breaking may otherwise break ("/" then "dev/shm" on the
// next line).
inline QString keepPathsWhole(QString text)
{
  for (qsizetype i = text.size() - 2; i >= 0; --i) {
    if (text[i] == QLatin1Char('/') && !text[i + 1].isSpace())
      text.insert(i + 1, QChar(0x2060));
  }
  return text;
}

}  // namespace hashscope::gui
