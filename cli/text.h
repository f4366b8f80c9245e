#pragma once
// File names are bytes: on Linux anything but '/' and NUL, so also control
// characters and bytes that are not UTF-8. What the CLI prints of them must
// neither break a JSON document nor drive the user's terminal.

#include <cstddef>
#include <string>
#include <string_view>

namespace fg::cli {

// The length of the UTF-8 sequence at s[i] (1 for ASCII), or 0 when there is
// none (a Latin-1 name, a cut-off sequence, an overlong form, a surrogate).
size_t utf8SequenceAt(std::string_view s, size_t i);

// The text with control characters and bytes that are not UTF-8 written as
// rsync writes them, "\#ooo" (octal), so a name cannot send escape codes to
// the terminal and every byte can still be read off.
std::string terminalSafe(std::string_view s);

} // namespace fg::cli
