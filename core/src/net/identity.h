#pragma once
#include "internal.h"
// This install's identity: an Ed25519 key pair and a self-signed certificate
// kept in the state directory. Peers do not validate chains; they pin the
// certificate's fingerprint (like ssh's known_hosts), so the certificate's
// only job is to carry the public key into the TLS handshake.

#include "net/tls_common.h"

#include <floodgate/error.h>

#include <memory>
#include <string>

namespace fg::net {

class TlsIdentity {
public:
    // File names inside the state directory.
    static constexpr const char* kKeyFile = "identity_key.pem";   // PKCS#8, mode 0600
    static constexpr const char* kCertFile = "identity_cert.pem"; // X.509, public

    // Loads the identity from stateDir, creating the directory (0700), the key
    // and the certificate on first use. A damaged file is an error naming the
    // file and the remedy; it is never silently replaced, since a new key
    // means every peer has to pair again.
    static Result<std::shared_ptr<TlsIdentity>> loadOrCreate(const std::string& stateDir);

    TlsIdentity(const TlsIdentity&) = delete;
    TlsIdentity& operator=(const TlsIdentity&) = delete;

    // "SHA256:" + unpadded base64 of SHA-256 over the certificate's DER.
    std::string fingerprint() const { return m_fingerprint; }
    // Owned by this object; valid as long as it lives.
    EVP_PKEY* privateKey() const { return m_key.get(); }
    X509* certificate() const { return m_cert.get(); }
    const std::string& keyPath() const { return m_keyPath; }
    const std::string& certPath() const { return m_certPath; }

private:
    TlsIdentity() = default;

    PkeyPtr m_key;
    X509Ptr m_cert;
    std::string m_fingerprint;
    std::string m_keyPath;
    std::string m_certPath;
};

// The fingerprint of any certificate, in the same format as fingerprint().
Result<std::string> fingerprintOf(X509* cert);

// True for "SHA256:" followed by 43 base64 characters (a SHA-256, unpadded).
bool isFingerprint(const std::string& text);

} // namespace fg::net
