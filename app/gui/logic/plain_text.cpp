// Engine text as the GUI shows it (qs, declared in result_text.hpp beside the other conversions).
#include "logic/result_text.hpp"

#include "hashscope/hash.hpp"

namespace hashscope::gui {

QString qs(std::string_view text)
{
  const std::string shown = withoutBidiControls(text);
  return QString::fromUtf8(shown.data(), qsizetype(shown.size()));
}

}  // namespace hashscope::gui
