#include "args.h"

namespace fg::cli {

namespace {
const OptionSpec* findLong(const std::vector<OptionSpec>& specs, const std::string& name)
{
    for (const auto& s : specs)
        if (name == s.longName) return &s;
    return nullptr;
}
const OptionSpec* findShort(const std::vector<OptionSpec>& specs, char c)
{
    for (const auto& s : specs)
        if (s.shortName == c) return &s;
    return nullptr;
}
} // namespace

ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs)
{
    ParsedArgs out;
    bool onlyPositional = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (onlyPositional || a.size() < 2 || a[0] != '-') {
            out.positional.push_back(a);
            continue;
        }
        if (a == "--") {
            onlyPositional = true;
            continue;
        }
        if (a[1] == '-') {
            std::string name = a.substr(2);
            std::optional<std::string> value;
            if (size_t eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            const OptionSpec* spec = findLong(specs, name);
            if (!spec) {
                out.error = "unknown option --" + name;
                out.unknownLong = name;
                return out;
            }
            if (spec->takesValue && !value) {
                if (i + 1 >= args.size()) {
                    out.error = "--" + name + " needs a value";
                    return out;
                }
                value = args[++i];
            }
            if (!spec->takesValue && value) {
                out.error = "--" + name + " takes no value";
                return out;
            }
            out.options.push_back({spec->longName, value.value_or("")});
            continue;
        }
        for (size_t k = 1; k < a.size(); ++k) {
            const OptionSpec* spec = findShort(specs, a[k]);
            if (!spec) {
                out.error = std::string("unknown option -") + a[k];
                out.unknownShort = a[k];
                return out;
            }
            if (!spec->takesValue) {
                out.options.push_back({spec->longName, ""});
                continue;
            }
            std::string value = a.substr(k + 1);
            if (value.empty()) {
                if (i + 1 >= args.size()) {
                    out.error = std::string("-") + a[k] + " needs a value";
                    return out;
                }
                value = args[++i];
            }
            out.options.push_back({spec->longName, value});
            break;
        }
    }
    return out;
}

} // namespace fg::cli
