// floodgate.conf over a ServerConfig, and the settings' keys shared with the
// command line's flags (floodgate/serve_config.h).

#include "config/ini_file.h"
#include "platform/fs.h"

#include <floodgate/endpoint.h>
#include <floodgate/options.h>
#include <floodgate/serve_config.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace fg {
namespace {

// Hand-written settings: a bigger file is a mistake.
constexpr size_t kMaxConfigBytes = 1024 * 1024;

const char* const kDaemonKeys[] = {"listen",       "state-dir",   "pair-code",            "max-sessions",
                                   "auth-timeout", "max-pending", "max-pending-per-host", "client-bwlimit",
                                   "metrics-listen"};
const char* const kModuleKeys[] = {"path",
                                   "read-only",
                                   "allow-plaintext",
                                   "keep-owners",
                                   "read",
                                   "write",
                                   "min-free",
                                   "bwlimit",
                                   "snapshot-keep-last",
                                   "snapshot-keep-daily",
                                   "snapshot-keep-weekly",
                                   "snapshot-keep-monthly",
                                   "comment"};

template <size_t N>
std::string joined(const char* const (&keys)[N])
{
    std::string out;
    for (const char* k : keys) out += (out.empty() ? "" : ", ") + std::string(k);
    return out;
}

Error invalid(const std::string& what) { return Error(Errc::InvalidArgument, what); }

Result<bool> parseBool(const std::string& value)
{
    std::string v = value;
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (v == "true" || v == "yes" || v == "on" || v == "1") return true;
    if (v == "false" || v == "no" || v == "off" || v == "0") return false;
    return invalid("expected true or false (yes/no, on/off), got '" + value + "'");
}

Result<int> parseCount(const std::string& value, long least, long most)
{
    char* end = nullptr;
    long v = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || v < least || v > most)
        return invalid("expected a number from " + std::to_string(least) + " to " + std::to_string(most) + ", got '"
                       + value + "'");
    return int(v);
}

// "ADDR:PORT", "[v6]:PORT", or a bare address (the default port).
Status parseListen(const std::string& text, std::string& host, uint16_t& port)
{
    const Error bad = invalid("cannot read '" + text + "' as ADDR:PORT (e.g. 0.0.0.0:7878, [::]:7878)");
    std::string portText;
    if (!text.empty() && text.front() == '[') {
        size_t close = text.find(']');
        if (close == std::string::npos || close == 1) return bad;
        host = text.substr(1, close - 1);
        if (close + 1 == text.size()) {
            port = kDefaultPort;
            return {};
        }
        if (text[close + 1] != ':') return bad;
        portText = text.substr(close + 2);
    } else {
        size_t colon = text.rfind(':');
        if (colon == std::string::npos) {
            if (text.empty()) return bad;
            host = text;
            port = kDefaultPort;
            return {};
        }
        if (text.find(':') != colon) return invalid("an IPv6 address goes in brackets: [" + text + "]:PORT");
        host = text.substr(0, colon);
        portText = text.substr(colon + 1);
    }
    char* end = nullptr;
    long v = std::strtol(portText.c_str(), &end, 10);
    if (host.empty() || portText.empty() || *end != '\0' || v < 0 || v > 65535) return bad;
    port = uint16_t(v);
    return {};
}

// A list of clients: names or fingerprints, separated by commas or blanks.
Result<std::vector<std::string>> parseClientList(const std::string& value)
{
    std::vector<std::string> out;
    std::string word;
    auto flush = [&]() -> Status {
        if (word.empty()) return {};
        for (char c : word)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.' && c != ':'
                && c != '*' && c != '+' && c != '/' && c != '=')
                return invalid("'" + word + "' is not a client's name or fingerprint");
        if (word.find('*') != std::string::npos && word != "*")
            return invalid("'*' stands alone (every paired client), not inside '" + word + "'");
        if (word.rfind("SHA256:", 0) == 0 && word.size() < 15)
            return invalid("'" + word + "' is too short a fingerprint to name one client: give at least 8 characters "
                           "after SHA256:");
        out.push_back(word);
        word.clear();
        return {};
    };
    for (char c : value) {
        if (c == ',' || c == ' ' || c == '\t') {
            FG_TRY(flush());
        } else {
            word.push_back(c);
        }
    }
    FG_TRY(flush());
    if (out.empty()) return invalid("name at least one client (or '*' for every paired client)");
    return out;
}

template <size_t N>
bool known(const char* const (&keys)[N], const std::string& key)
{
    return std::find_if(std::begin(keys), std::end(keys), [&](const char* k) { return key == k; }) != std::end(keys);
}

} // namespace

Status setDaemonSetting(ServerConfig& config, const std::string& key, const std::string& value)
{
    if (key == "listen") return parseListen(value, config.listenHost, config.port);
    if (key == "metrics-listen") return parseListen(value, config.metricsHost, config.metricsPort);
    if (key == "state-dir") {
        if (value.empty()) return invalid("give a directory");
        config.stateDir = value;
        return {};
    }
    if (key == "pair-code") {
        if (value.size() < 6) return invalid("a pairing code of at least 6 characters, or none (a fresh one is made)");
        config.pairCode = value;
        return {};
    }
    if (key == "client-bwlimit") {
        auto rate = parseRate(value);
        if (!rate.ok()) return invalid("expected a rate (20M = 20 MiB/s; a bare number is KiB/s), got '" + value + "'");
        config.clientBwlimit = *rate;
        return {};
    }
    if (key == "max-sessions" || key == "max-pending" || key == "max-pending-per-host" || key == "auth-timeout") {
        FG_TRY_ASSIGN(int v, parseCount(value, 1, key == "auth-timeout" ? 600 : 4096));
        int& field = key == "max-sessions"   ? config.maxSessions
                     : key == "max-pending"  ? config.maxPending
                     : key == "auth-timeout" ? config.authTimeoutSec
                                             : config.maxPendingPerHost;
        field = v;
        return {};
    }
    return Error(Errc::NotFound, "unknown setting '" + key + "'; [daemon] has " + joined(kDaemonKeys));
}

Status setModuleSetting(ModuleConfig& module, const std::string& key, const std::string& value)
{
    if (key == "path") {
        if (value.empty() || value.front() != '/')
            return invalid("a module's path is absolute (it starts with '/'), got '" + value + "'");
        module.path = value;
        return {};
    }
    if (key == "read-only" || key == "allow-plaintext" || key == "keep-owners") {
        FG_TRY_ASSIGN(bool on, parseBool(value));
        (key == "read-only" ? module.readOnly : key == "allow-plaintext" ? module.allowPlaintext : module.keepOwners) = on;
        return {};
    }
    if (key == "read" || key == "write") {
        FG_TRY_ASSIGN(auto clients, parseClientList(value));
        (key == "read" ? module.readers : module.writers) = std::move(clients);
        return {};
    }
    if (key == "min-free") {
        if (!value.empty() && value.back() == '%') {
            char* end = nullptr;
            const std::string number = value.substr(0, value.size() - 1);
            const double pct = std::strtod(number.c_str(), &end);
            if (number.empty() || *end != '\0' || !(pct >= 0 && pct < 100))
                return invalid("expected a size (10G) or a share of the disk below 100 % (5%), got '" + value + "'");
            module.minFreeShare = pct / 100;
            return {};
        }
        auto bytes = parseSize(value, "min-free");
        if (!bytes.ok()) return invalid("expected a size (10G) or a share of the disk (5%), got '" + value + "'");
        module.minFreeBytes = *bytes;
        return {};
    }
    if (key == "bwlimit") {
        auto rate = parseRate(value);
        if (!rate.ok()) return invalid("expected a rate (20M = 20 MiB/s; a bare number is KiB/s), got '" + value + "'");
        module.bwlimit = *rate;
        return {};
    }
    if (key.starts_with("snapshot-keep-")) {
        SnapshotRetention& keep = module.snapshotKeep;
        uint32_t* field = key == "snapshot-keep-last"      ? &keep.last
                          : key == "snapshot-keep-daily"   ? &keep.daily
                          : key == "snapshot-keep-weekly"  ? &keep.weekly
                          : key == "snapshot-keep-monthly" ? &keep.monthly
                                                           : nullptr;
        if (field) {
            char* end = nullptr;
            const unsigned long n = std::strtoul(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || value.front() == '-' || n > kMaxSnapshotKeep)
                return invalid("expected a number of snapshots (0 to " + std::to_string(kMaxSnapshotKeep) + "), got '"
                               + value + "'");
            *field = uint32_t(n);
            return {};
        }
    }
    if (key == "comment") {
        module.comment = value;
        return {};
    }
    return Error(Errc::NotFound, "unknown setting '" + key + "'; a [module NAME] has " + joined(kModuleKeys));
}

Status applyServeConfig(std::string_view text, const std::string& source, ServerConfig& config)
{
    FG_TRY_ASSIGN(config::IniFile file, config::parseIni(text, source));
    auto at = [&](int line) { return source + ", line " + std::to_string(line); };
    bool sawDaemon = false;
    std::map<std::string, int> moduleLines; // name -> its header's line
    for (const auto& section : file.sections) {
        if (section.name.empty()) {
            if (section.entries.empty()) continue;
            const auto& first = section.entries.front();
            return invalid(at(first.line) + ": '" + first.key
                           + "' comes before any section; put it under [daemon] or a [module NAME]");
        }
        ModuleConfig* module = nullptr;
        if (section.name == "daemon") {
            if (!section.argument.empty())
                return invalid(at(section.line) + ": [daemon] takes no name ('" + section.argument + "')");
            if (sawDaemon) return invalid(at(section.line) + ": a second [daemon] section; put its settings in the first");
            sawDaemon = true;
        } else if (section.name == "module") {
            if (section.argument.empty()) return invalid(at(section.line) + ": a module section is [module NAME]");
            if (auto seen = moduleLines.find(section.argument); seen != moduleLines.end())
                return invalid(at(section.line) + ": module '" + section.argument + "' is defined twice (also on line "
                               + std::to_string(seen->second) + ")");
            moduleLines[section.argument] = section.line;
            config.modules.push_back(ModuleConfig{});
            module = &config.modules.back();
            module->name = section.argument;
            module->definedAt = at(section.line);
        } else {
            return invalid(at(section.line) + ": unknown section [" + section.name
                           + "]; the sections are [daemon] and [module NAME]");
        }
        std::map<std::string, int> keyLines;
        for (const auto& entry : section.entries) {
            if (auto seen = keyLines.find(entry.key); seen != keyLines.end())
                return invalid(at(entry.line) + ": '" + entry.key + "' is given twice in this section (also on line "
                               + std::to_string(seen->second) + ")");
            keyLines[entry.key] = entry.line;
            Status set = module ? setModuleSetting(*module, entry.key, entry.value)
                                : setDaemonSetting(config, entry.key, entry.value);
            if (!set) {
                const bool other = module ? known(kDaemonKeys, entry.key) : known(kModuleKeys, entry.key);
                std::string why = set.error().message;
                if (other) why = "'" + entry.key + "' belongs in " + (module ? "[daemon]" : "a [module NAME] section");
                else if (entry.value.find('#') != std::string::npos || entry.value.find(';') != std::string::npos)
                    why += " (a comment goes on a line of its own: '#' and ';' start one only there)";
                return invalid(at(entry.line) + ", " + entry.key + ": " + why);
            }
        }
        if (module && module->path.empty())
            return invalid(at(section.line) + ": module '" + module->name + "' has no path (path = /some/directory)");
    }
    return {};
}

Status applyServeConfigFile(const std::string& path, ServerConfig& config)
{
    auto info = platform::statPath(path, true);
    if (!info.ok()) {
        Error e = std::move(info).error();
        return Error(e.code, "cannot read the config file " + path + ": " + e.message, e.sysErrno);
    }
    if (info->type != platform::FileType::Regular) return invalid("the config file " + path + " is not a regular file");
    if ((info->mode & 002) != 0)
        return Error(Errc::PermissionDenied, "the config file " + path + " is writable by every user, so anyone could "
                                                 "add a module; run `chmod o-w " + path + "`");
    auto text = platform::readFile(path, kMaxConfigBytes);
    if (!text.ok()) {
        Error e = std::move(text).error();
        return Error(e.code, "cannot read the config file " + path + ": " + e.message, e.sysErrno);
    }
    return applyServeConfig(*text, path, config);
}

} // namespace fg
