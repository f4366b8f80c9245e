#pragma once
#include "internal.h"
// `[daemon] metrics-listen`: a read-only HTTP door answering GET /metrics
// with the Prometheus text (prometheus_text.h). One request a connection,
// answered and closed; anything else gets 404 or 405. It serves only what
// `floodgate status` shows (module names, free space, client names, job
// counts): no files, no settings, nothing that changes the daemon.

#include "platform/socket.h"

#include <floodgate/error.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace fg {

class MetricsEndpoint {
public:
    using Render = std::function<std::string()>;
    using Log = std::function<void(const std::string& line)>;

    static Result<std::unique_ptr<MetricsEndpoint>> start(const std::string& host, uint16_t port, Render render,
                                                          Log log);
    ~MetricsEndpoint();
    MetricsEndpoint(const MetricsEndpoint&) = delete;
    MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;
    uint16_t port() const { return m_listener.port(); }

    // The answer to one request (its bytes up to the blank line): status line,
    // headers and body. Public for the tests.
    static std::string answer(const std::string& request, const Render& render);

private:
    MetricsEndpoint() = default;
    void serve();

    platform::Listener m_listener;
    Render m_render;
    Log m_log;
    std::atomic<bool> m_stopping{false};
    std::thread m_thread;
};

} // namespace fg
