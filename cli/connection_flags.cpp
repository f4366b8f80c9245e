#include "connection_flags.h"

#include <cstdlib>

namespace fg::cli {

const char* const kConnectionOptionsHelp =
    "  --cipher NAME, --congestion NAME, -e/--rsh COMMAND, --remote-floodgate PATH,\n"
    "  --state-dir DIR, --contimeout SEC, --timeout SEC\n"
    "                       as for `floodgate sync`\n";

std::vector<OptionSpec> connectionOptionSpecs()
{
    return {{"cipher", 0, true},    {"congestion", 0, true}, {"rsh", 'e', true}, {"remote-floodgate", 0, true},
            {"state-dir", 0, true}, {"contimeout", 0, true}, {"timeout", 0, true}};
}

bool parseSeconds(const std::string& text, double* out)
{
    char* end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(d > 0) || d > 600) return false;
    *out = d;
    return true;
}

std::optional<std::string> applyConnectionOption(const ParsedOption& option, SyncOptions& connection)
{
    const std::string& name = option.name;
    const std::string& value = option.value;
    if (name == "cipher") {
        auto cipher = parseCipherChoice(value);
        if (!cipher.ok()) return cipher.error().message;
        connection.cipher = *cipher;
    } else if (name == "congestion") {
        connection.transfer.congestion = value;
    } else if (name == "rsh") {
        connection.rsh = value;
    } else if (name == "remote-floodgate") {
        connection.remoteFloodgate = value;
    } else if (name == "state-dir") {
        connection.stateDir = value;
    } else if (name == "contimeout" || name == "timeout") {
        double s = 0;
        if (!parseSeconds(value, &s)) return "--" + name + " takes seconds, not '" + value + "'";
        (name == "timeout" ? connection.ioTimeoutSec : connection.connectTimeoutSec) = unsigned(s);
    } else {
        return std::nullopt;
    }
    return std::string();
}

} // namespace fg::cli
