#pragma once
// A small getopt_long-like reader: --name=value, --name value, -x value, and
// bundled short flags (-avn) as rsync users type them.

#include <optional>
#include <string>
#include <vector>

namespace fg::cli {

struct OptionSpec {
    const char* longName;  // without "--"
    char shortName;        // 0 for none
    bool takesValue;
};

struct ParsedOption {
    std::string name; // the long name
    std::string value;
};

struct ParsedArgs {
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    std::string error; // set when the command line cannot be read
    // The option that was not known, as the error names it: a long name
    // without "--", or a short letter (the other is empty / 0).
    std::string unknownLong;
    char unknownShort = 0;
};

ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs);

} // namespace fg::cli
