#pragma once
// File names are bytes: on Linux anything but '/' and NUL, so also control
// characters and bytes that are not UTF-8. What the CLI prints of them must
// neither break a JSON document nor drive the user's terminal.

#include <floodgate/json.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace fg::cli {

using ::fg::utf8SequenceAt; // <floodgate/json.h>

// The text with control characters and bytes that are not UTF-8 written as
// rsync writes them, "\#ooo" (octal), so a name cannot send escape codes to
// the terminal and every byte can still be read off.
std::string terminalSafe(std::string_view s);

} // namespace fg::cli
