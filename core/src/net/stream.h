#pragma once
#include "internal.h"
// A byte stream the session code runs over: TCP, TLS on TCP, or an ssh pipe.
// Contract for every implementation: one thread may read while another writes;
// shutdown() may be called from any thread and makes blocked and later reads and
// writes fail promptly.

#include <floodgate/error.h>

#include <cstddef>
#include <memory>
#include <string>

namespace fg::net {

class Stream {
public:
    virtual ~Stream() = default;
    // Reads 1..n bytes; 0 means the peer closed the stream in order.
    virtual Result<size_t> read(void* buffer, size_t n) = 0;
    virtual Status writeAll(const void* data, size_t n) = 0;
    virtual void shutdown() = 0;
    // "tcp 127.0.0.1:7878", "tls 10.0.0.2:7878 TLS_AES_128_GCM_SHA256", "ssh nas"
    virtual std::string describe() const = 0;
    // The TCP socket underneath, for TCP_INFO and tuning; -1 for a pipe.
    virtual int socketFd() const { return -1; }
};

using StreamPtr = std::unique_ptr<Stream>;

} // namespace fg::net
