#include "net/tls_stream.h"

#include "metrics/stage_track.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

namespace fg::net {
namespace {

// How long a blocked read or write sleeps in poll() before it looks at the
// shutdown flag again. shutdown() also shuts the socket down, which wakes the
// poll at once; this bound is only the backstop.
constexpr int kShutdownPollMs = 100;
// Far below the AES-GCM limit (~390 GB a key), far above any cost worth counting.
constexpr uint64_t kKeyUpdateBytes = uint64_t(64) << 30;
// Gathered records go out once this much is waiting (and at the end of each
// writeAll): one send for sixteen records. A send per record was 70,000
// syscalls for a 1 GiB push, costly where syscalls are (in a VM above all).
constexpr size_t kCoalesceBytes = 256 * 1024;

using Clock = std::chrono::steady_clock;

// ---- a BIO over platform::Socket ---------------------------------------------

int bioWrite(BIO* bio, const char* data, size_t n, size_t* written)
{
    auto* io = static_cast<TlsSocketIo*>(BIO_get_data(bio));
    BIO_clear_retry_flags(bio);
    if (io->coalesce || io->pendingSent < io->pending.size()) {
        // As bytes, not chars: a range of another type is copied one byte
        // at a time (3 % of a small-file push's CPU), the same type memmoved.
        const auto* bytes = reinterpret_cast<const uint8_t*>(data);
        io->pending.insert(io->pending.end(), bytes, bytes + n);
        *written = n;
        return 1;
    }
    StageScope busy(StageId::Send);
    auto w = io->socket->writeSome(data, n);
    if (!w.ok()) {
        io->lastErrno = w.error().sysErrno;
        return 0;
    }
    if (*w == 0) {
        BIO_set_retry_write(bio);
        return 0;
    }
    *written = *w;
    return 1;
}

int bioRead(BIO* bio, char* buffer, size_t n, size_t* readBytes)
{
    auto* io = static_cast<TlsSocketIo*>(BIO_get_data(bio));
    BIO_clear_retry_flags(bio);
    // Inside SSL_read: the system call is the receive stage's, the rest of
    // the call decryption.
    StageScope busy(StageId::Receive);
    auto r = io->socket->read(buffer, n);
    if (!r.ok()) {
        if (r.error().sysErrno == EAGAIN) BIO_set_retry_read(bio);
        else io->lastErrno = r.error().sysErrno;
        return 0;
    }
    if (*r == 0) {
        io->eof = true;
        return 0;
    }
    *readBytes = *r;
    return 1;
}

long bioCtrl(BIO* bio, int cmd, long, void*)
{
    switch (cmd) {
    case BIO_CTRL_FLUSH: return 1; // nothing is buffered here
    // Lets OpenSSL tell a FIN without close_notify (truncation) from an error.
    case BIO_CTRL_EOF: return static_cast<TlsSocketIo*>(BIO_get_data(bio))->eof ? 1 : 0;
    default: return 0;
    }
}

const BIO_METHOD* socketBioMethod()
{
    static BIO_METHOD* method = [] {
        BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "floodgate socket");
        if (m && (BIO_meth_set_write_ex(m, bioWrite) != 1 || BIO_meth_set_read_ex(m, bioRead) != 1
                  || BIO_meth_set_ctrl(m, bioCtrl) != 1)) {
            BIO_meth_free(m);
            m = nullptr;
        }
        return m;
    }();
    return method;
}

Error cancelled() { return Error(Errc::Cancelled, "stream closed"); }

std::string truncationMessage(const std::string& what)
{
    return what + ": the connection was cut without a TLS close_notify (the data may be truncated)";
}

} // namespace

// ---- handshake ---------------------------------------------------------------

Result<std::unique_ptr<TlsStream>> tlsConnect(platform::Socket socket, TlsContext& context, int timeoutMs,
                                              const std::atomic<bool>* abandoned)
{
    if (context.role() != TlsContext::Role::Client)
        return Error(Errc::Internal, "tlsConnect needs a client TLS context");
    return TlsStream::handshake(std::move(socket), context, true, timeoutMs, abandoned);
}

Result<std::unique_ptr<TlsStream>> tlsAccept(platform::Socket socket, TlsContext& context, int timeoutMs,
                                             const std::atomic<bool>* abandoned)
{
    if (context.role() != TlsContext::Role::Server)
        return Error(Errc::Internal, "tlsAccept needs a server TLS context");
    return TlsStream::handshake(std::move(socket), context, false, timeoutMs, abandoned);
}

TlsStream::TlsStream(platform::Socket socket, SslPtr ssl, std::string peer)
    : m_socket(std::move(socket)), m_fd(m_socket.fd()), m_ssl(std::move(ssl)), m_keyUpdateBytes(kKeyUpdateBytes),
      m_peer(std::move(peer))
{
    m_io.socket = &m_socket;
}

void TlsStream::setKeyUpdateInterval(uint64_t bytes)
{
    std::lock_guard lock(m_sslMutex);
    m_keyUpdateBytes = std::max<uint64_t>(bytes, 1);
}

Result<std::unique_ptr<TlsStream>> TlsStream::handshake(platform::Socket socket, TlsContext& context,
                                                        bool asClient, int timeoutMs,
                                                        const std::atomic<bool>* abandoned)
{
    if (!socket.valid()) return Error(Errc::InvalidArgument, "TLS handshake on a socket that is not open");
    std::string peer = socket.peerName();
    FG_TRY(socket.setNonBlocking(true));
    FG_TRY_ASSIGN(SslPtr ssl, context.newConnection());
    // The stream owns the socket before the handshake starts: the BIO points
    // at it, so it must not move again.
    std::unique_ptr<TlsStream> stream(new TlsStream(std::move(socket), std::move(ssl), std::move(peer)));
    FG_TRY(stream->attachSocket());
    Status done = stream->runHandshake(asClient, timeoutMs, abandoned);
    if (!done.ok()) {
        // Marks the half-made session dead so the destructor sends nothing.
        stream->m_failure = done.error();
        return std::move(done).error();
    }
    return stream;
}

Status TlsStream::attachSocket()
{
    const BIO_METHOD* method = socketBioMethod();
    BIO* bio = method ? BIO_new(method) : nullptr;
    if (!bio) return Error(Errc::Internal, "creating the TLS socket BIO: " + takeOpenSslErrors());
    BIO_set_data(bio, &m_io);
    BIO_set_init(bio, 1);
    // One BIO for both directions; SSL takes over this single reference.
    SSL_set_bio(m_ssl.get(), bio, bio);
    return {};
}

Status TlsStream::runHandshake(bool asClient, int timeoutMs, const std::atomic<bool>* abandoned)
{
    // Looked at this often while waiting, when the caller may give up.
    constexpr int kAbandonCheckMs = 100;
    SSL* ssl = m_ssl.get();
    if (asClient) SSL_set_connect_state(ssl);
    else SSL_set_accept_state(ssl);
    const std::string what = "TLS handshake with " + m_peer;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    // The stream is not shared yet, but every SSL_* call goes under the lock
    // anyway so the rule has no exceptions.
    std::unique_lock lock(m_sslMutex);
    for (;;) {
        ERR_clear_error();
        m_io.lastErrno = 0;
        int rc = SSL_do_handshake(ssl);
        if (rc == 1) break;
        int sslError = SSL_get_error(ssl, rc);
        if (sslError != SSL_ERROR_WANT_READ && sslError != SSL_ERROR_WANT_WRITE) {
            Error error = failureLocked(sslError, what);
            if (error.code == Errc::Network && m_io.eof)
                error.message = what + ": the peer closed the connection during the handshake (is it a floodgate "
                                       "peer, and does it accept this client?)";
            return error;
        }
        int waitMs = -1;
        if (timeoutMs >= 0) {
            auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0)
                return Error(Errc::Network,
                             what + " timed out after " + std::to_string(timeoutMs)
                                 + " ms (the peer did not complete a TLS handshake; is it a floodgate peer?)",
                             ETIMEDOUT);
            waitMs = int(left);
        }
        if (abandoned) {
            if (abandoned->load())
                return Error(Errc::Cancelled, what + (asClient ? ": given up (the job no longer needs it)"
                                                               : ": dropped (it took too long, or newer connections "
                                                                 "needed its place)"));
            waitMs = waitMs < 0 ? kAbandonCheckMs : std::min(waitMs, kAbandonCheckMs);
        }
        lock.unlock();
        auto ready = platform::waitReady(m_fd, sslError == SSL_ERROR_WANT_READ ? platform::Readiness::Readable
                                                                                : platform::Readiness::Writable,
                                         waitMs);
        lock.lock();
        FG_TRY(ready);
    }

    // min = max = TLS 1.3 in the context; checked again because everything
    // below (no renegotiation, no tickets) assumes it.
    if (SSL_version(ssl) != TLS1_3_VERSION)
        return Error(Errc::Tls, what + ": negotiated " + SSL_get_version(ssl) + " instead of TLS 1.3");
    // The server refuses a client without one (SSL_VERIFY_FAIL_IF_NO_PEER_CERT)
    // and a TLS 1.3 server always sends one; this is the last line anyway.
    X509* peerCert = SSL_get0_peer_certificate(ssl);
    if (!peerCert) return Error(Errc::Tls, what + ": the peer presented no certificate");
    FG_TRY_ASSIGN(m_peerFingerprint, fingerprintOf(peerCert));
    m_cipherName = SSL_CIPHER_get_name(SSL_get_current_cipher(ssl));
    m_protocolVersion = SSL_get_version(ssl);
    return {};
}

Error TlsStream::failureLocked(int sslError, const std::string& what)
{
    Error error;
    switch (sslError) {
    case SSL_ERROR_SYSCALL:
        if (m_io.lastErrno != 0) {
            error = sysError(m_io.lastErrno, what);
            error.code = Errc::Network;
        } else {
            error = Error(Errc::Network, truncationMessage(what));
        }
        ERR_clear_error();
        break;
    case SSL_ERROR_SSL: {
        unsigned long first = ERR_peek_error();
        if (ERR_GET_LIB(first) == ERR_LIB_SSL && ERR_GET_REASON(first) == SSL_R_UNEXPECTED_EOF_WHILE_READING) {
            error = Error(Errc::Network, truncationMessage(what));
            ERR_clear_error();
        } else if (m_io.lastErrno != 0) {
            error = sysError(m_io.lastErrno, what);
            error.code = Errc::Network;
            ERR_clear_error();
        } else {
            error = Error(Errc::Tls, what + ": " + takeOpenSslErrors());
        }
        break;
    }
    case SSL_ERROR_ZERO_RETURN:
        error = Error(Errc::Network, what + ": the peer closed the TLS session");
        break;
    default:
        error = Error(Errc::Tls, what + ": unexpected OpenSSL state " + std::to_string(sslError) + " ("
                                     + takeOpenSslErrors() + ")");
        break;
    }
    if (!m_failure) m_failure = error;
    return error;
}

// ---- data --------------------------------------------------------------------

TlsStream::~TlsStream()
{
    // Like a TCP stream that is destroyed (FIN), a healthy TLS stream ends in
    // order. Best effort: one non-blocking try, no waiting in a destructor.
    if (m_shutdown.load() || !m_ssl) return;
    std::lock_guard lock(m_sslMutex);
    if (m_failure || m_closeState != CloseState::Open) return;
    ERR_clear_error();
    (void)SSL_shutdown(m_ssl.get());
    ERR_clear_error();
}

Result<size_t> TlsStream::read(void* buffer, size_t n)
{
    if (n == 0) return size_t(0);
    StageScope busy(StageId::Receive);
    auto* out = static_cast<unsigned char*>(buffer);
    size_t got = 0;
    for (;;) {
        if (m_shutdown.load(std::memory_order_relaxed)) {
            if (got > 0) return got;
            return cancelled();
        }
        size_t done = 0;
        int sslError = SSL_ERROR_NONE;
        {
            std::lock_guard lock(m_sslMutex);
            if (m_failure) {
                if (got > 0) return got;
                return *m_failure;
            }
            ERR_clear_error();
            m_io.lastErrno = 0;
            StageScope decrypt(StageId::Decrypt);
            int rc = SSL_read_ex(m_ssl.get(), out + got, n - got, &done);
            countStageBytes(StageId::Decrypt, done);
            if (rc != 1) {
                sslError = SSL_get_error(m_ssl.get(), rc);
                bool fatal = sslError != SSL_ERROR_WANT_READ && sslError != SSL_ERROR_WANT_WRITE
                    && sslError != SSL_ERROR_ZERO_RETURN;
                if (fatal) {
                    if (m_shutdown.load()) return got > 0 ? Result<size_t>(got) : Result<size_t>(cancelled());
                    Error error = failureLocked(sslError, "TLS read from " + m_peer);
                    // Bytes decoded before the failure are genuine: deliver
                    // them; the next call reports the failure.
                    if (got > 0) return got;
                    return error;
                }
            }
        }
        if (sslError == SSL_ERROR_NONE) {
            got += done;
            // Keep going while records are already here: a large buffer is
            // filled in one call instead of one 16 KiB record per call.
            if (got == n) return got;
            continue;
        }
        if (got > 0) return got; // would block, or close_notify: the next call sees it again
        if (sslError == SSL_ERROR_ZERO_RETURN) return size_t(0);
        StageScope wait(StageId::Receive, StageState::WaitInput);
        FG_TRY(platform::waitReady(m_fd, sslError == SSL_ERROR_WANT_READ ? platform::Readiness::Readable
                                                                          : platform::Readiness::Writable,
                                   kShutdownPollMs));
    }
}

Status TlsStream::writeAll(const void* data, size_t n)
{
    StageScope busy(StageId::Send);
    const auto* p = static_cast<const unsigned char*>(data);
    while (n > 0) {
        if (m_shutdown.load(std::memory_order_relaxed)) return cancelled();
        size_t done = 0;
        size_t pendingBytes = 0;
        int sslError = SSL_ERROR_NONE;
        {
            std::lock_guard lock(m_sslMutex);
            if (m_failure) return *m_failure;
            if (m_closeState != CloseState::Open)
                return Error(Errc::Internal, "write to " + m_peer + " after the TLS stream was closed for writing");
            ERR_clear_error();
            m_io.lastErrno = 0;
            // The whole rest at once: with partial writes OpenSSL encrypts
            // one record and returns, so this lock is held per record; the
            // record joins m_io.pending, sent in bulk by flushPending. After
            // WANT_WRITE the retry passes the same bytes again, as OpenSSL
            // requires.
            m_io.coalesce = true;
            int rc = 0;
            {
                // The records gather in m_io.pending: this is encryption alone.
                StageScope encrypt(StageId::Encrypt);
                rc = SSL_write_ex(m_ssl.get(), p, n, &done);
                countStageBytes(StageId::Encrypt, done);
            }
            m_io.coalesce = false;
            pendingBytes = m_io.pending.size() - m_io.pendingSent;
            if (rc == 1) {
                m_sentSinceKeyUpdate += done;
                if (m_sentSinceKeyUpdate >= m_keyUpdateBytes) {
                    // Sent ahead of our next record; the peer's keys are its own affair.
                    if (SSL_key_update(m_ssl.get(), SSL_KEY_UPDATE_NOT_REQUESTED) == 1)
                        m_keyUpdates.fetch_add(1, std::memory_order_relaxed);
                    m_sentSinceKeyUpdate = 0;
                }
            }
            if (rc != 1) {
                sslError = SSL_get_error(m_ssl.get(), rc);
                if (sslError != SSL_ERROR_WANT_READ && sslError != SSL_ERROR_WANT_WRITE) {
                    if (m_shutdown.load()) return cancelled();
                    return failureLocked(sslError, "TLS write to " + m_peer);
                }
            }
        }
        if (sslError == SSL_ERROR_NONE) {
            p += done;
            n -= done;
            if (pendingBytes >= kCoalesceBytes) FG_TRY(flushPending());
            continue;
        }
        FG_TRY(flushPending());
        StageScope wait(StageId::Send, StageState::WaitOutput);
        FG_TRY(platform::waitReady(m_fd, sslError == SSL_ERROR_WANT_READ ? platform::Readiness::Readable
                                                                          : platform::Readiness::Writable,
                                   kShutdownPollMs));
    }
    return flushPending();
}

Status TlsStream::flushPending()
{
    for (;;) {
        if (m_shutdown.load(std::memory_order_relaxed)) return cancelled();
        {
            std::lock_guard lock(m_sslMutex);
            if (m_failure) return *m_failure;
            TlsSocketIo& io = m_io;
            while (io.pendingSent < io.pending.size()) {
                auto w = m_socket.writeSome(io.pending.data() + io.pendingSent, io.pending.size() - io.pendingSent);
                if (!w.ok()) {
                    if (m_shutdown.load()) return cancelled();
                    // As a failed SSL_write would have said it: the records are lost.
                    io.lastErrno = w.error().sysErrno;
                    io.pending.clear();
                    io.pendingSent = 0;
                    return failureLocked(SSL_ERROR_SYSCALL, "TLS write to " + m_peer);
                }
                if (*w == 0) break; // full: wait below, without the lock
                io.pendingSent += *w;
            }
            if (io.pendingSent == io.pending.size()) {
                io.pending.clear(); // keeps its capacity for the next records
                io.pendingSent = 0;
                return {};
            }
        }
        // The socket's buffer is full: the network (or the peer) holds us up.
        StageScope wait(StageId::Send, StageState::WaitOutput);
        FG_TRY(platform::waitReady(m_fd, platform::Readiness::Writable, kShutdownPollMs));
    }
}

Status TlsStream::closeWrite(int timeoutMs)
{
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        if (m_shutdown.load()) return cancelled();
        {
            std::lock_guard lock(m_sslMutex);
            if (m_failure) return *m_failure;
            if (m_closeState == CloseState::Sent) return {};
            ERR_clear_error();
            m_io.lastErrno = 0;
            // The first call queues close_notify; a retry after WANT_WRITE
            // only flushes it. Calling again once it is out would make OpenSSL
            // wait for the peer's close_notify, which is not what we want.
            int rc = SSL_shutdown(m_ssl.get());
            if (m_closeState == CloseState::Open) m_closeState = CloseState::Sending;
            if (rc >= 0) {
                m_closeState = CloseState::Sent;
                return {};
            }
            int sslError = SSL_get_error(m_ssl.get(), rc);
            if (sslError == SSL_ERROR_WANT_READ) { // already out; it would wait for the peer
                m_closeState = CloseState::Sent;
                return {};
            }
            if (sslError != SSL_ERROR_WANT_WRITE) return failureLocked(sslError, "TLS close to " + m_peer);
        }
        int waitMs = kShutdownPollMs;
        if (timeoutMs >= 0) {
            auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0)
                return Error(Errc::Network, "closing the TLS stream to " + m_peer + " timed out (the peer is not reading)",
                             ETIMEDOUT);
            waitMs = int(std::min<long long>(left, kShutdownPollMs));
        }
        FG_TRY(platform::waitReady(m_fd, platform::Readiness::Writable, waitMs));
    }
}

// ---- unencrypted data connections --------------------------------------------

void TlsStream::readRecordsExactly()
{
    std::lock_guard lock(m_sslMutex);
    SSL_set_read_ahead(m_ssl.get(), 0);
}

Result<platform::Socket> TlsStream::endTlsKeepSocket(int timeoutMs)
{
    const std::string what = "ending TLS with " + m_peer + " for unencrypted data";
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    FG_TRY(closeWrite(timeoutMs));
    std::unique_lock lock(m_sslMutex);
    SSL* ssl = m_ssl.get();
    if (SSL_get_read_ahead(ssl) != 0)
        return Error(Errc::Internal, what + ": records are read ahead (call readRecordsExactly first)");
    for (;;) {
        if (m_shutdown.load()) return cancelled();
        if (m_failure) return *m_failure;
        ERR_clear_error();
        m_io.lastErrno = 0;
        unsigned char byte = 0;
        size_t got = 0;
        int rc = SSL_read_ex(ssl, &byte, 1, &got);
        if (rc == 1) {
            m_failure = Error(Errc::Protocol, what + ": the peer sent data where its close_notify belongs");
            return *m_failure;
        }
        int sslError = SSL_get_error(ssl, rc);
        if (sslError == SSL_ERROR_ZERO_RETURN) break;
        if (sslError != SSL_ERROR_WANT_READ && sslError != SSL_ERROR_WANT_WRITE) return failureLocked(sslError, what);
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0)
            return Error(Errc::Network, what + " timed out: no close_notify from the peer", ETIMEDOUT);
        lock.unlock();
        auto ready = platform::waitReady(m_fd, sslError == SSL_ERROR_WANT_READ ? platform::Readiness::Readable
                                                                                : platform::Readiness::Writable,
                                         int(std::min<long long>(left, kShutdownPollMs)));
        lock.lock();
        FG_TRY(ready);
    }
    // Bytes OpenSSL holds past the close_notify came from the socket and
    // belong to the plain stream; they cannot be taken back, so fail loudly
    // rather than lose them.
    if (SSL_has_pending(ssl)) {
        m_failure = Error(Errc::Internal, what + ": bytes after the peer's close_notify were read into TLS buffers");
        return *m_failure;
    }
    // Nothing may touch the SSL object or the socket through it again (the
    // destructor sends nothing either).
    m_failure = Error(Errc::Internal, "this TLS stream was handed over as plain TCP");
    platform::Socket socket = std::move(m_socket);
    FG_TRY(socket.setNonBlocking(false));
    return socket;
}

void TlsStream::shutdown()
{
    m_shutdown.store(true);
    // Wakes a poll() in the other threads at once; no SSL call, so this never
    // waits for the lock.
    m_socket.shutdownBoth();
}

std::string TlsStream::describe() const { return "tls " + m_peer + " " + m_cipherName; }

} // namespace fg::net
