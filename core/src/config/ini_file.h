#pragma once
#include "internal.h"
// An INI-style text as sections of `key = value` lines, each with its line
// number, for files people write by hand (floodgate.conf). What it accepts:
//   [name]  or  [name argument]     a section ("[module photos]")
//   key = value                     value is the rest of the line, trimmed
//   # ...  and  ; ...               comments, on lines of their own only (a
//                                   path may hold '#' or ';')
//   blank lines
// Anything else is an error naming the line and what is wrong with it.
// Meaning (which sections and keys exist, repeated keys) is the caller's.

#include <floodgate/error.h>

#include <string>
#include <string_view>
#include <vector>

namespace fg::config {

struct IniEntry {
    std::string key;
    std::string value;
    int line = 0;
};

struct IniSection {
    std::string name;      // "daemon", "module"
    std::string argument;  // "photos" for "[module photos]"; empty if none
    int line = 0;
    std::vector<IniEntry> entries;
};

struct IniFile {
    // Entries before the first section header belong to a section with an
    // empty name (its line is 0).
    std::vector<IniSection> sections;
};

// `source` names the text in errors ("/etc/floodgate/floodgate.conf").
Result<IniFile> parseIni(std::string_view text, const std::string& source);

} // namespace fg::config
