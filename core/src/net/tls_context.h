#pragma once
#include "internal.h"
// The TLS settings one end uses for all its connections: TLS 1.3 only, this
// install's certificate presented on both sides (the server requires the
// client's), no session resumption, no compression. Chain validation is
// deliberately off: peers are self-signed and trusted by fingerprint, which
// the caller pins after the handshake (KnownServers / AuthorizedClients).
// The handshake itself still proves each side holds the private key of the
// certificate it presented (TLS 1.3 CertificateVerify).

#include "net/identity.h"
#include "net/tls_common.h"

#include <floodgate/error.h>

#include <memory>
#include <mutex>
#include <string>

namespace fg::net {

class TlsContext {
public:
    enum class Role { Client, Server };

    // In preference order. AES-128-GCM first: as safe as the others here and
    // the fastest wherever AES-NI/ARMv8-AES exist; ChaCha20 is for CPUs without.
    static constexpr const char* kDefaultCipherSuites =
        "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256";

    static Result<std::shared_ptr<TlsContext>> create(Role role, std::shared_ptr<TlsIdentity> identity);

    TlsContext(const TlsContext&) = delete;
    TlsContext& operator=(const TlsContext&) = delete;

    // Restricts and orders the suites offered (client) or accepted (server):
    // ':'-separated names from kDefaultCipherSuites. Applies to handshakes
    // started afterwards; safe to call while other connections run. The
    // client's order decides when both ends allow several, unless the server
    // prefers its own (see net/cipher_suites.h for when it does).
    Status setCipherSuites(const std::string& suites);
    std::string cipherSuites() const;
    // Server only: its own suite order decides instead of the client's.
    void setServerPreference(bool on);

    Role role() const { return m_role; }
    const TlsIdentity& identity() const { return *m_identity; }

    // For tlsConnect/tlsAccept: a fresh connection object with the current
    // settings.
    Result<SslPtr> newConnection();

private:
    TlsContext(Role role, std::shared_ptr<TlsIdentity> identity);

    Role m_role;
    std::shared_ptr<TlsIdentity> m_identity;
    // SSL_new copies the suite list out of the SSL_CTX; this keeps that copy
    // from racing setCipherSuites().
    mutable std::mutex m_mutex;
    SslCtxPtr m_ctx;
    std::string m_suites;
};

} // namespace fg::net
