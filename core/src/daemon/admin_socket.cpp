#include "daemon/admin_socket.h"

#include <chrono>

namespace fg {
namespace {

constexpr int kPollMs = 200;
// A request is one short line; a client that sends more, or nothing for
// this long, is cut off.
constexpr size_t kMaxLine = 256;
constexpr int kRequestTimeoutMs = 5000;

// Reads up to '\n' (or kMaxLine bytes, or the timeout).
Result<std::string> readLine(platform::Socket& s, int timeoutMs)
{
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (line.size() < kMaxLine) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Error(Errc::Network, "no request within " + std::to_string(timeoutMs) + " ms");
        FG_TRY_ASSIGN(bool ready, platform::waitReady(s.fd(), platform::Readiness::Readable, int(left.count())));
        if (!ready) continue;
        char c = 0;
        FG_TRY_ASSIGN(size_t n, s.read(&c, 1));
        if (n == 0 || c == '\n') break;
        line.push_back(c);
    }
    return line;
}

// An answer may be many lines (`status`): it ends where the daemon closes
// the connection. Bounded, as a status with 50 jobs is a few KiB.
constexpr size_t kMaxAnswer = 4 * 1024 * 1024;

Result<std::string> readAnswer(platform::Socket& s, int timeoutMs)
{
    std::string answer;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    char buf[4096];
    while (answer.size() < kMaxAnswer) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Error(Errc::Network, "the daemon did not answer within " + std::to_string(timeoutMs) + " ms");
        FG_TRY_ASSIGN(bool ready, platform::waitReady(s.fd(), platform::Readiness::Readable, int(left.count())));
        if (!ready) continue;
        FG_TRY_ASSIGN(size_t n, s.read(buf, sizeof buf));
        if (n == 0) break;
        answer.append(buf, n);
    }
    while (!answer.empty() && (answer.back() == '\n' || answer.back() == '\r')) answer.pop_back();
    return answer;
}

} // namespace

Result<std::unique_ptr<AdminSocket>> AdminSocket::start(const std::string& path, Handler handler, Log log)
{
    FG_TRY_ASSIGN(platform::Listener listener, platform::Listener::listenLocal(path));
    std::unique_ptr<AdminSocket> a(new AdminSocket());
    a->m_listener = std::move(listener);
    a->m_handler = std::move(handler);
    a->m_log = std::move(log);
    a->m_thread = std::thread([p = a.get()] { p->serve(); });
    return a;
}

AdminSocket::~AdminSocket()
{
    m_stopping = true;
    if (m_thread.joinable()) m_thread.join();
    m_listener.close();
}

void AdminSocket::serve()
{
    while (!m_stopping.load()) {
        auto client = m_listener.accept(kPollMs);
        if (!client.ok() || !client->valid()) continue;
        answer(std::move(client).value());
    }
}

void AdminSocket::answer(platform::Socket client)
{
    if (!client.peerIsSameUserOrAdmin()) {
        if (m_log) m_log("admin socket: refused a connection from another user (only the daemon's user and root may use it)");
        return;
    }
    auto line = readLine(client, kRequestTimeoutMs);
    if (!line.ok()) return;
    const std::string reply = m_handler(*line) + "\n";
    (void)client.writeAll(reply.data(), reply.size());
}

Result<std::string> askAdminSocket(const std::string& path, const std::string& command)
{
    FG_TRY_ASSIGN(platform::Socket s, platform::Socket::connectLocal(path));
    const std::string request = command + "\n";
    FG_TRY(s.writeAll(request.data(), request.size()));
    return readAnswer(s, 10000);
}

} // namespace fg
