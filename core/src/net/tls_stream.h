#pragma once
#include "internal.h"
// A Stream over TLS 1.3 on a TCP socket.
//
// OpenSSL does not allow two threads inside one SSL object, but the Stream
// contract has a reader and a writer running at once. So the socket is
// non-blocking, one mutex guards every SSL_* call, and a thread that has to
// wait (WANT_READ / WANT_WRITE) releases the mutex and polls outside it. Each
// SSL call then holds the lock for one record at most, so the two directions
// interleave record by record instead of blocking each other.
//
// Known limit: we never send a TLS 1.3 KeyUpdate. A foreign peer that
// requests one while our writer is between a WANT_WRITE and its retry makes
// OpenSSL fail the connection (bad write retry); floodgate peers never do.
//
// The peer's identity is only *presented* by the handshake; the caller
// decides whether to trust peerFingerprint() (KnownServers on a client,
// AuthorizedClients on a server) before using the stream.

#include "net/stream.h"
#include "net/tls_common.h"
#include "net/tls_context.h"
#include "platform/socket.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace fg::net {

class TlsStream;

// The state behind the stream's OpenSSL BIO, which moves bytes through
// platform::Socket (so OS calls stay in platform/, and a write to a dead peer
// is EPIPE, never SIGPIPE). Only touched from inside SSL_* calls.
struct TlsSocketIo {
    platform::Socket* socket = nullptr;
    int lastErrno = 0; // the socket error behind a failed call, for the message
    bool eof = false;  // the peer's FIN arrived
    // While TlsStream::writeAll encrypts, records gather here and go out in
    // one write each ~256 KiB instead of one per 16 KiB record. Whatever is
    // written while some are still here joins them, to keep the order.
    bool coalesce = false;
    std::vector<uint8_t> pending;
    size_t pendingSent = 0; // of pending, already on the socket
};

// Run the handshake on a connected socket within timeoutMs (a peer that
// stalls or speaks something else cannot hold an accept thread; negative
// waits forever). The socket is left non-blocking and owned by the stream.
// tlsConnect needs a Client context, tlsAccept a Server context. A handshake
// ends early (Errc::Cancelled) once *abandoned turns true: a job that is over
// must not wait out the timeout of a connection it no longer wants, and a
// daemon drops connections that take too long to prove who they are.
Result<std::unique_ptr<TlsStream>> tlsConnect(platform::Socket socket, TlsContext& context, int timeoutMs,
                                              const std::atomic<bool>* abandoned = nullptr);
Result<std::unique_ptr<TlsStream>> tlsAccept(platform::Socket socket, TlsContext& context, int timeoutMs,
                                             const std::atomic<bool>* abandoned = nullptr);

class TlsStream final : public Stream {
public:
    // Sends close_notify if the stream is still healthy and was not shut down,
    // so a peer sees an orderly end (read() == 0) as it would with TCP.
    ~TlsStream() override;
    TlsStream(const TlsStream&) = delete;
    TlsStream& operator=(const TlsStream&) = delete;

    // Fills as much of buffer as the records already received allow, so a
    // large buffer (256 KiB) is filled in one call on a busy link. Returns 0
    // after the peer's close_notify; a connection cut without one (possible
    // truncation) is an Errc::Network error, a TLS failure Errc::Tls, and
    // anything after shutdown() Errc::Cancelled.
    Result<size_t> read(void* buffer, size_t n) override;
    Status writeAll(const void* data, size_t n) override;
    // Any thread; wakes a blocked read and write at once (the socket is shut
    // down too). Sends no close_notify: this is an abort.
    void shutdown() override;
    // "tls 127.0.0.1:7878 TLS_AES_128_GCM_SHA256"
    std::string describe() const override;

    // Ends our direction in order (TLS close_notify): the peer reads 0 after
    // the last byte; reading goes on until the peer closes too. Call from the
    // writing thread after its last writeAll; later writes fail.
    Status closeWrite(int timeoutMs);

    // ---- unencrypted data connections (--cipher none) ----
    // The connection authenticates and joins its session over TLS, then both
    // ends end TLS in order and go on over the bare TCP socket. The hazard is
    // read-ahead (see TlsContext): OpenSSL may pull the peer's first plain
    // bytes off the socket together with its close_notify, and lose them.
    //
    // From this call on, records are read exactly (header, then body, never
    // further), so whatever follows the peer's close_notify stays in the
    // socket. Call it before the peer can send its close_notify.
    void readRecordsExactly();
    // Sends our close_notify, reads up to the peer's, and hands over the TCP
    // socket, blocking again. An error if the peer sent data instead, if any
    // byte past its close_notify was taken off the socket anyway, or after
    // timeoutMs. The stream is unusable afterwards.
    Result<platform::Socket> endTlsKeepSocket(int timeoutMs);

    // Our sending keys are replaced (TLS 1.3 KeyUpdate) after this many bytes:
    // AES-GCM must not encrypt more than about 2^24.5 full records (~390 GB)
    // under one key (RFC 8446, 5.5), and a multi-terabyte job would. Lower
    // only for tests.
    void setKeyUpdateInterval(uint64_t bytes);
    uint64_t keyUpdates() const { return m_keyUpdates.load(std::memory_order_relaxed); }

    // Fixed by the handshake; safe from any thread.
    const std::string& peerFingerprint() const { return m_peerFingerprint; }
    const std::string& cipherName() const { return m_cipherName; }
    const std::string& protocolVersion() const { return m_protocolVersion; }
    const std::string& peerAddress() const { return m_peer; }
    // For TCP_INFO and buffer tuning only; reading or writing it would corrupt
    // the TLS stream.
    int socketFd() const override { return m_fd; }

private:
    friend Result<std::unique_ptr<TlsStream>> tlsConnect(platform::Socket, TlsContext&, int, const std::atomic<bool>*);
    friend Result<std::unique_ptr<TlsStream>> tlsAccept(platform::Socket, TlsContext&, int, const std::atomic<bool>*);
    static Result<std::unique_ptr<TlsStream>> handshake(platform::Socket socket, TlsContext& context,
                                                        bool asClient, int timeoutMs,
                                                        const std::atomic<bool>* abandoned = nullptr);
    TlsStream(platform::Socket socket, SslPtr ssl, std::string peer);

    Status attachSocket();
    Status runHandshake(bool asClient, int timeoutMs, const std::atomic<bool>* abandoned);
    // The error a failed SSL_* call stands for; m_sslMutex held.
    Error failureLocked(int sslError, const std::string& what);
    // Sends the records writeAll gathered, waiting (without the lock) while
    // the socket is full.
    Status flushPending();

    // Declared before m_ssl: SSL_free runs first, the socket closes after.
    platform::Socket m_socket;
    int m_fd = -1;
    std::mutex m_sslMutex; // held for every SSL_* call on m_ssl
    SslPtr m_ssl;
    TlsSocketIo m_io; // guarded by m_sslMutex
    std::atomic<bool> m_shutdown{false};
    // The first fatal error (guarded by m_sslMutex): after it the SSL object
    // may not be used, and both directions report this error.
    std::optional<Error> m_failure;
    uint64_t m_keyUpdateBytes;          // guarded by m_sslMutex
    uint64_t m_sentSinceKeyUpdate = 0;  // guarded by m_sslMutex
    std::atomic<uint64_t> m_keyUpdates{0};
    enum class CloseState { Open, Sending, Sent };
    CloseState m_closeState = CloseState::Open; // guarded by m_sslMutex
    std::string m_peer;
    std::string m_peerFingerprint;
    std::string m_cipherName;
    std::string m_protocolVersion;
};

} // namespace fg::net
