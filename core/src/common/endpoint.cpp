#include <floodgate/endpoint.h>

#include "platform/local_path.h"

#include <charconv>

namespace fg {

std::string Endpoint::display() const
{
    switch (kind) {
    case Kind::Local: return path;
    case Kind::Daemon:
        return "floodgate://" + host + (port == kDefaultPort ? "" : ":" + std::to_string(port)) + "/" + module
             + (path.empty() ? "" : "/" + path);
    case Kind::Ssh: return (user.empty() ? "" : user + "@") + host + ":" + path;
    }
    return path;
}

namespace {

Result<Endpoint> parseDaemon(const std::string& text)
{
    static const std::string scheme = "floodgate://";
    std::string rest = text.substr(scheme.size());
    size_t slash = rest.find('/');
    std::string authority = rest.substr(0, slash);
    std::string tail = slash == std::string::npos ? std::string() : rest.substr(slash + 1);
    Endpoint ep;
    ep.kind = Endpoint::Kind::Daemon;
    if (authority.empty()) return Error(Errc::InvalidArgument, "'" + text + "' names no host (floodgate://HOST[:PORT]/MODULE/PATH)");
    // [v6addr]:port, host:port, host
    std::string portText;
    if (authority.front() == '[') {
        size_t close = authority.find(']');
        if (close == std::string::npos) return Error(Errc::InvalidArgument, "'" + text + "': unterminated [IPv6 address]");
        ep.host = authority.substr(1, close - 1);
        if (close + 1 < authority.size()) {
            if (authority[close + 1] != ':') return Error(Errc::InvalidArgument, "'" + text + "': expected ':' after ]");
            portText = authority.substr(close + 2);
        }
    } else {
        size_t colon = authority.rfind(':');
        ep.host = authority.substr(0, colon);
        if (colon != std::string::npos) portText = authority.substr(colon + 1);
    }
    if (ep.host.empty()) return Error(Errc::InvalidArgument, "'" + text + "' names no host");
    if (!portText.empty()) {
        unsigned value = 0;
        auto [end, ec] = std::from_chars(portText.data(), portText.data() + portText.size(), value);
        if (ec != std::errc() || end != portText.data() + portText.size() || value == 0 || value > 65535)
            return Error(Errc::InvalidArgument, "'" + text + "': port '" + portText + "' is not a number from 1 to 65535");
        ep.port = uint16_t(value);
    }
    size_t moduleEnd = tail.find('/');
    ep.module = tail.substr(0, moduleEnd);
    ep.path = moduleEnd == std::string::npos ? std::string() : tail.substr(moduleEnd + 1);
    if (ep.module.empty())
        return Error(Errc::InvalidArgument, "'" + text + "' names no module (floodgate://HOST[:PORT]/MODULE/PATH)");
    // A module's root always stands for its contents (as if written "MODULE/"):
    // the module name is the server's alias, not a directory name to recreate.
    return ep;
}

} // namespace

Result<Endpoint> parseEndpoint(const std::string& text)
{
    if (text.empty()) return Error(Errc::InvalidArgument, "an empty path");
    if (text.rfind("floodgate://", 0) == 0) return parseDaemon(text);
    if (platform::isNativeLocalPath(text)) {
        Endpoint ep;
        ep.kind = Endpoint::Kind::Local;
        ep.path = platform::portableLocalPath(text);
        return ep;
    }
    // rsync's rule: a ':' before any '/' means host:path.
    size_t colon = text.find(':');
    size_t slash = text.find('/');
    if (colon != std::string::npos && (slash == std::string::npos || colon < slash) && colon > 0) {
        Endpoint ep;
        ep.kind = Endpoint::Kind::Ssh;
        std::string hostPart = text.substr(0, colon);
        size_t at = hostPart.rfind('@');
        if (at != std::string::npos) {
            ep.user = hostPart.substr(0, at);
            ep.host = hostPart.substr(at + 1);
        } else {
            ep.host = hostPart;
        }
        ep.path = text.substr(colon + 1);
        if (ep.host.empty()) return Error(Errc::InvalidArgument, "'" + text + "' names no host");
        // "host:" is the remote home directory, like rsync and scp.
        if (ep.path.empty()) ep.path = ".";
        return ep;
    }
    Endpoint ep;
    ep.kind = Endpoint::Kind::Local;
    ep.path = platform::portableLocalPath(text);
    return ep;
}

} // namespace fg
