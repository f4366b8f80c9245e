#pragma once
// Where one side of a sync lives: a local path, a floodgate daemon, or an ssh host.

#include <floodgate/error.h>

#include <cstdint>
#include <string>

namespace fg {

inline constexpr uint16_t kDefaultPort = 7878;

struct Endpoint {
    enum class Kind : uint8_t { Local, Daemon, Ssh };
    Kind kind = Kind::Local;
    std::string path;   // Local: the path; Daemon: path inside the module; Ssh: the remote path
    std::string host;   // Daemon / Ssh
    uint16_t port = kDefaultPort; // Daemon
    std::string module; // Daemon
    std::string user;   // Ssh (may be empty)

    bool isRemote() const { return kind != Kind::Local; }
    // Whether the path ends in '/', which (as in rsync) means "the contents of".
    bool trailingSlash() const { return !path.empty() && path.back() == '/'; }
    std::string display() const;
};

// floodgate://HOST[:PORT]/MODULE[/PATH] -> Daemon; [user@]host:path (a ':' before
// any '/') -> Ssh; anything else -> Local. "./a:b" forces a local path.
Result<Endpoint> parseEndpoint(const std::string& text);

} // namespace fg
