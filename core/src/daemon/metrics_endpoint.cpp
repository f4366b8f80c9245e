#include "daemon/metrics_endpoint.h"

#include <chrono>

namespace fg {
namespace {

constexpr int kPollMs = 200;
// A scrape's request is a few hundred bytes; more, or a slow one, is cut off.
constexpr size_t kMaxRequest = 8192;
constexpr int kRequestTimeoutMs = 5000;

// The request up to its blank line (or kMaxRequest, or the timeout).
Result<std::string> readRequest(platform::Socket& s)
{
    std::string request;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kRequestTimeoutMs);
    char buf[1024];
    while (request.size() < kMaxRequest && request.find("\r\n\r\n") == std::string::npos
           && request.find("\n\n") == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Error(Errc::Timeout, "no whole request in time");
        FG_TRY_ASSIGN(bool ready, platform::waitReady(s.fd(), platform::Readiness::Readable, int(left.count())));
        if (!ready) continue;
        FG_TRY_ASSIGN(size_t n, s.read(buf, sizeof buf));
        if (n == 0) break;
        request.append(buf, n);
    }
    return request;
}

std::string response(const char* status, const std::string& contentType, const std::string& body)
{
    return std::string("HTTP/1.0 ") + status + "\r\nContent-Type: " + contentType
         + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

} // namespace

std::string MetricsEndpoint::answer(const std::string& request, const Render& render)
{
    const size_t end = request.find_first_of("\r\n");
    const std::string line = request.substr(0, end);
    const size_t sp1 = line.find(' ');
    const size_t sp2 = sp1 == std::string::npos ? std::string::npos : line.find(' ', sp1 + 1);
    if (sp2 == std::string::npos || line.compare(sp2 + 1, 5, "HTTP/") != 0)
        return response("400 Bad Request", "text/plain; charset=utf-8", "not an HTTP request\n");
    const std::string method = line.substr(0, sp1);
    std::string target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    target = target.substr(0, target.find('?'));
    if (method != "GET" && method != "HEAD")
        return response("405 Method Not Allowed", "text/plain; charset=utf-8", "only GET /metrics is served here\n");
    if (target != "/metrics")
        return response("404 Not Found", "text/plain; charset=utf-8",
                        "floodgate serves its metrics at /metrics (Prometheus text format)\n");
    std::string out = response("200 OK", "text/plain; version=0.0.4; charset=utf-8", render());
    if (method == "HEAD") out.resize(out.find("\r\n\r\n") + 4);
    return out;
}

Result<std::unique_ptr<MetricsEndpoint>> MetricsEndpoint::start(const std::string& host, uint16_t port, Render render,
                                                                 Log log)
{
    FG_TRY_ASSIGN(platform::Listener listener, platform::Listener::listenTcp(host, port));
    std::unique_ptr<MetricsEndpoint> m(new MetricsEndpoint());
    m->m_listener = std::move(listener);
    m->m_render = std::move(render);
    m->m_log = std::move(log);
    m->m_thread = std::thread([p = m.get()] { p->serve(); });
    return m;
}

MetricsEndpoint::~MetricsEndpoint()
{
    m_stopping = true;
    if (m_thread.joinable()) m_thread.join();
    m_listener.close();
}

void MetricsEndpoint::serve()
{
    // One at a time: a scrape every few seconds is all it is for, and a
    // client that holds its connection open is cut off by the timeout.
    while (!m_stopping.load()) {
        auto client = m_listener.accept(kPollMs);
        if (!client.ok() || !client->valid()) continue;
        auto request = readRequest(*client);
        if (!request.ok() || request->empty()) continue;
        const std::string reply = answer(*request, m_render);
        (void)client->writeAll(reply.data(), reply.size());
    }
}

} // namespace fg
