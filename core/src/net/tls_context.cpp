#include "net/tls_context.h"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <set>
#include <string_view>
#include <vector>

namespace fg::net {
namespace {

// OpenSSL's read buffer when read-ahead is on: one recv() then pulls up to
// this many bytes (several 16 KiB records) instead of a 5-byte header and a
// body per record, which halves the syscalls on the bulk path. 128 KiB per
// connection is small next to socket buffers sized for a long fat pipe.
constexpr size_t kReadBufferBytes = 128 * 1024;

constexpr unsigned char kSessionIdContext[] = "floodgate";

// Replaces OpenSSL's chain validation. Peers are self-signed; what makes one
// trusted is its fingerprint, checked by the caller after the handshake.
// Building a chain would only add ways to fail (expiry, CA flags) and work on
// certificates an attacker chose. Possession of the key is still proven by
// the handshake's CertificateVerify, which this does not touch.
int acceptPeerCertificate(X509_STORE_CTX* store, void*)
{
    return X509_STORE_CTX_get0_cert(store) != nullptr ? 1 : 0;
}

// Every ':'-separated part, empty ones included ("a:" is "a" and "").
std::vector<std::string_view> splitSuites(std::string_view list)
{
    std::vector<std::string_view> out;
    for (;;) {
        size_t colon = list.find(':');
        out.push_back(list.substr(0, colon));
        if (colon == std::string_view::npos) return out;
        list.remove_prefix(colon + 1);
    }
}

Error tlsSetupError(const std::string& what) { return Error(Errc::Tls, what + ": " + takeOpenSslErrors()); }

} // namespace

TlsContext::TlsContext(Role role, std::shared_ptr<TlsIdentity> identity)
    : m_role(role), m_identity(std::move(identity))
{
}

Result<std::shared_ptr<TlsContext>> TlsContext::create(Role role, std::shared_ptr<TlsIdentity> identity)
{
    if (!identity) return Error(Errc::InvalidArgument, "a TLS context needs an identity");
    ERR_clear_error();
    std::shared_ptr<TlsContext> context(new TlsContext(role, std::move(identity)));
    context->m_ctx.reset(SSL_CTX_new(role == Role::Client ? TLS_client_method() : TLS_server_method()));
    SSL_CTX* ctx = context->m_ctx.get();
    if (!ctx) return tlsSetupError("SSL_CTX_new");

    if (SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) != 1
        || SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION) != 1)
        return tlsSetupError("restricting the protocol to TLS 1.3");

    // Every connection authenticates in full: no tickets, no session cache, so
    // nothing lets a later connection skip the certificate exchange.
    SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_TICKET | SSL_OP_NO_RENEGOTIATION);
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
    if (SSL_CTX_set_num_tickets(ctx, 0) != 1) return tlsSetupError("disabling session tickets");

    // TlsStream passes a whole buffer to SSL_write; with partial writes OpenSSL
    // returns after each 16 KiB record, so the stream's lock is released
    // between records and a reader is never shut out for long. A retry after
    // WANT_WRITE may come from a buffer that moved.
    SSL_CTX_set_mode(ctx, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_ENABLE_PARTIAL_WRITE);
    SSL_CTX_set_read_ahead(ctx, 1);
    SSL_CTX_set_default_read_buffer_len(ctx, kReadBufferBytes);

    if (SSL_CTX_set_ciphersuites(ctx, kDefaultCipherSuites) != 1) return tlsSetupError("setting the cipher suites");
    context->m_suites = kDefaultCipherSuites;

    const TlsIdentity& id = *context->m_identity;
    if (SSL_CTX_use_certificate(ctx, id.certificate()) != 1 || SSL_CTX_use_PrivateKey(ctx, id.privateKey()) != 1
        || SSL_CTX_check_private_key(ctx) != 1)
        return tlsSetupError("loading the identity " + id.certPath());

    int verify = SSL_VERIFY_PEER;
    if (role == Role::Server) {
        // No anonymous clients, ever: the handshake fails without a certificate.
        verify |= SSL_VERIFY_FAIL_IF_NO_PEER_CERT;
        if (SSL_CTX_set_session_id_context(ctx, kSessionIdContext, sizeof kSessionIdContext - 1) != 1)
            return tlsSetupError("SSL_CTX_set_session_id_context");
    }
    SSL_CTX_set_verify(ctx, verify, nullptr);
    SSL_CTX_set_cert_verify_callback(ctx, acceptPeerCertificate, nullptr);
    return context;
}

Status TlsContext::setCipherSuites(const std::string& suites)
{
    static const std::set<std::string_view> kAllowed = [] {
        std::set<std::string_view> allowed;
        for (auto s : splitSuites(kDefaultCipherSuites)) allowed.insert(s);
        return allowed;
    }();
    if (suites.empty())
        return Error(Errc::InvalidArgument, std::string("no cipher suite given; choose from ") + kDefaultCipherSuites);
    auto names = splitSuites(suites);
    for (auto name : names) {
        if (!kAllowed.count(name))
            return Error(Errc::InvalidArgument, "unknown or unsupported cipher suite '" + std::string(name)
                                                    + "'; choose from " + kDefaultCipherSuites);
    }
    std::lock_guard lock(m_mutex);
    ERR_clear_error();
    if (SSL_CTX_set_ciphersuites(m_ctx.get(), suites.c_str()) != 1)
        return tlsSetupError("setting the cipher suites to " + suites);
    m_suites = suites;
    return {};
}

void TlsContext::setServerPreference(bool on)
{
    std::lock_guard lock(m_mutex);
    if (on) SSL_CTX_set_options(m_ctx.get(), SSL_OP_CIPHER_SERVER_PREFERENCE);
    else SSL_CTX_clear_options(m_ctx.get(), SSL_OP_CIPHER_SERVER_PREFERENCE);
}

std::string TlsContext::cipherSuites() const
{
    std::lock_guard lock(m_mutex);
    return m_suites;
}

Result<SslPtr> TlsContext::newConnection()
{
    std::lock_guard lock(m_mutex);
    ERR_clear_error();
    SslPtr ssl(SSL_new(m_ctx.get()));
    if (!ssl) return tlsSetupError("SSL_new");
    return ssl;
}

} // namespace fg::net
