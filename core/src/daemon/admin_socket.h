#pragma once
#include "internal.h"
// The daemon's local admin door: a Unix socket in its state directory
// ("admin.sock") that only the daemon's own user and root can open: the socket file
// is mode 0600 in a 0700 directory, and every connection's peer user is
// checked. One request a connection: a line of text in, the answer out (a
// line, or for `status` many), then the daemon closes the connection.
//   show-code   the current pairing code ("ok CODE", or "none ...")
//   new-code    a fresh single-use code, pairing enabled again
//   reload      what SIGHUP does
//   status      what it serves and runs, as text ("status json": as JSON)

#include "platform/socket.h"

#include <floodgate/error.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace fg {

class AdminSocket {
public:
    // Answers a command with the line to send back ("ok ..." / "error ...").
    using Handler = std::function<std::string(const std::string& command)>;
    using Log = std::function<void(const std::string& line)>;

    static Result<std::unique_ptr<AdminSocket>> start(const std::string& path, Handler handler, Log log);
    ~AdminSocket();
    AdminSocket(const AdminSocket&) = delete;
    AdminSocket& operator=(const AdminSocket&) = delete;

private:
    AdminSocket() = default;
    void serve();
    void answer(platform::Socket client);

    platform::Listener m_listener;
    Handler m_handler;
    Log m_log;
    std::atomic<bool> m_stopping{false};
    std::thread m_thread;
};

// Sends one command to the admin socket at `path`; the answer line.
Result<std::string> askAdminSocket(const std::string& path, const std::string& command);

} // namespace fg
