#pragma once
#include "internal.h"
// A stream over two pipe descriptors: a child's stdin/stdout (ssh on the client)
// or our own stdin/stdout (`serve --stdio` on the far end).

#include "net/stream.h"
#include "platform/process.h"

#include <atomic>
#include <optional>

namespace fg::net {

class PipeStream final : public Stream {
public:
    PipeStream(platform::Fd readEnd, platform::Fd writeEnd, std::string description);
    // Owns the child too: shutting down closes its stdin, destroying waits for it.
    PipeStream(platform::ChildProcess child, std::string description);
    ~PipeStream() override;

    Result<size_t> read(void* buffer, size_t n) override;
    Status writeAll(const void* data, size_t n) override;
    void shutdown() override;
    std::string describe() const override { return m_description; }

private:
    std::optional<platform::ChildProcess> m_child;
    platform::Fd m_read;
    platform::Fd m_write;
    int m_readFd = -1;
    int m_writeFd = -1;
    std::atomic<bool> m_shutdown{false};
    std::string m_description;
};

} // namespace fg::net
