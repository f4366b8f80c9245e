#include "net/identity.h"

#include "platform/fs.h"

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <climits>
#include <mutex>

namespace fg::net {
namespace {

// Key and certificate files are tiny; anything bigger is not ours.
constexpr size_t kMaxPemBytes = 64 * 1024;

std::string damagedKeyMessage(const std::string& path, const std::string& detail)
{
    return "the identity key " + path + " is damaged or not a floodgate key (" + detail
        + "); move it away (for example `mv " + path + " " + path
        + ".bad`) and floodgate will create a new identity - peers that paired with the old one must pair again";
}

// Never let OpenSSL prompt on the terminal for a passphrase: our keys have none,
// and an encrypted key is simply "not ours".
int noPassphrase(char*, int, int, void*) { return -1; }

Result<std::string> toPem(bool isKey, EVP_PKEY* key, X509* cert)
{
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (!bio) return Error(Errc::Internal, "BIO_new: " + takeOpenSslErrors());
    int ok = isKey ? PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr)
                   : PEM_write_bio_X509(bio.get(), cert);
    if (ok != 1) return Error(Errc::Internal, "encoding PEM: " + takeOpenSslErrors());
    std::string pem(BIO_ctrl_pending(bio.get()), '\0');
    if (!pem.empty() && BIO_read(bio.get(), pem.data(), int(pem.size())) != int(pem.size()))
        return Error(Errc::Internal, "reading PEM from memory: " + takeOpenSslErrors());
    return pem;
}

Result<PkeyPtr> generateKey()
{
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nullptr));
    EVP_PKEY* raw = nullptr;
    if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_keygen(ctx.get(), &raw) != 1)
        return Error(Errc::Internal, "generating an Ed25519 key: " + takeOpenSslErrors());
    return PkeyPtr(raw);
}

Result<PkeyPtr> loadKey(const std::string& path)
{
    FG_TRY_ASSIGN(auto pem, platform::readFile(path, kMaxPemBytes));
    BioPtr bio(BIO_new_mem_buf(pem.data(), int(pem.size())));
    if (!bio) return Error(Errc::Internal, "BIO_new_mem_buf: " + takeOpenSslErrors());
    PkeyPtr key(PEM_read_bio_PrivateKey(bio.get(), nullptr, noPassphrase, nullptr));
    if (!key) return Error(Errc::Io, damagedKeyMessage(path, takeOpenSslErrors("no PEM private key in it")));
    if (!EVP_PKEY_is_a(key.get(), "ED25519"))
        return Error(Errc::Io, damagedKeyMessage(path, "it is not an Ed25519 key"));
    return key;
}

// The certificate is a pure function of the key: fixed names, dates and a
// serial derived from the public key, and Ed25519 signatures are deterministic.
// So a lost or damaged certificate file is rebuilt with the same fingerprint,
// and two processes that race to create it write identical bytes.
Result<X509Ptr> makeCertificate(EVP_PKEY* key)
{
    X509Ptr cert(X509_new());
    if (!cert) return Error(Errc::Internal, "X509_new: " + takeOpenSslErrors());

    unsigned char* pubDer = nullptr;
    int pubLen = i2d_PUBKEY(key, &pubDer);
    if (pubLen <= 0) return Error(Errc::Internal, "encoding the public key: " + takeOpenSslErrors());
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digestLen = 0;
    int digestOk = EVP_Digest(pubDer, size_t(pubLen), digest, &digestLen, EVP_sha256(), nullptr);
    OPENSSL_free(pubDer);
    if (digestOk != 1) return Error(Errc::Internal, "hashing the public key: " + takeOpenSslErrors());
    // 16 bytes with the top bit clear: a positive serial, as RFC 5280 requires.
    digest[0] &= 0x7f;
    BignumPtr serialBn(BN_bin2bn(digest, 16, nullptr));

    X509_NAME* name = X509_get_subject_name(cert.get());
    static const unsigned char kCommonName[] = "floodgate";
    bool ok = serialBn && X509_set_version(cert.get(), X509_VERSION_3) == 1
        && BN_to_ASN1_INTEGER(serialBn.get(), X509_get_serialNumber(cert.get())) != nullptr
        // Validity is not checked by peers (they pin the fingerprint), so the
        // widest fixed range: 99991231235959Z is RFC 5280's "no expiry".
        && ASN1_TIME_set_string_X509(X509_getm_notBefore(cert.get()), "20000101000000Z") == 1
        && ASN1_TIME_set_string_X509(X509_getm_notAfter(cert.get()), "99991231235959Z") == 1
        && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, kCommonName, -1, -1, 0) == 1
        && X509_set_issuer_name(cert.get(), name) == 1 && X509_set_pubkey(cert.get(), key) == 1
        // Ed25519 hashes internally: the digest argument must be null.
        && X509_sign(cert.get(), key, nullptr) > 0;
    if (!ok) return Error(Errc::Internal, "creating the self-signed certificate: " + takeOpenSslErrors());
    return cert;
}

// A certificate file that is missing, damaged or for another key is rebuilt:
// the key is the identity, the certificate only carries it.
Result<X509Ptr> loadCertificateFor(const std::string& path, EVP_PKEY* key)
{
    auto pem = platform::readFile(path, kMaxPemBytes);
    if (!pem.ok()) {
        if (pem.error().code == Errc::NotFound) return X509Ptr();
        return std::move(pem).error();
    }
    BioPtr bio(BIO_new_mem_buf(pem->data(), int(pem->size())));
    if (!bio) return Error(Errc::Internal, "BIO_new_mem_buf: " + takeOpenSslErrors());
    X509Ptr cert(PEM_read_bio_X509(bio.get(), nullptr, noPassphrase, nullptr));
    bool matches = cert && X509_check_private_key(cert.get(), key) == 1;
    ERR_clear_error();
    if (!matches) return X509Ptr();
    return cert;
}

// Serialises creation inside one process (a server and a `pair` command in
// the same process, or tests on many threads).
std::mutex& creationMutex()
{
    static std::mutex m;
    return m;
}

} // namespace

Result<std::string> fingerprintOf(X509* cert)
{
    if (!cert) return Error(Errc::Tls, "no certificate to take a fingerprint of");
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (X509_digest(cert, EVP_sha256(), md, &len) != 1)
        return Error(Errc::Tls, "hashing a certificate: " + takeOpenSslErrors());
    return "SHA256:" + base64Unpadded(md, len);
}

bool isFingerprint(const std::string& text)
{
    static constexpr std::string_view kPrefix = "SHA256:";
    // 32 bytes -> 44 base64 characters with one '=' of padding -> 43 without.
    if (text.size() != kPrefix.size() + 43 || text.compare(0, kPrefix.size(), kPrefix) != 0) return false;
    for (size_t i = kPrefix.size(); i < text.size(); ++i) {
        char c = text[i];
        bool b64 = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
        if (!b64) return false;
    }
    return true;
}

Result<std::shared_ptr<TlsIdentity>> TlsIdentity::loadOrCreate(const std::string& stateDir)
{
    if (stateDir.empty()) return Error(Errc::InvalidArgument, "no state directory given for the identity");
    std::lock_guard lock(creationMutex());

    FG_TRY(platform::makeDirectories(stateDir, 0700));
    std::shared_ptr<TlsIdentity> id(new TlsIdentity());
    id->m_keyPath = stateDir + "/" + kKeyFile;
    id->m_certPath = stateDir + "/" + kCertFile;

    auto keyInfo = platform::statPath(id->m_keyPath, true);
    if (keyInfo.ok()) {
        // Like ssh: a private key others can read is no longer private.
        FG_TRY_ASSIGN(bool isPrivate, platform::isPrivateToOwner(id->m_keyPath));
        if (!isPrivate)
            return Error(Errc::PermissionDenied, "the identity key " + id->m_keyPath
                                                     + " is accessible by other users; run `"
                                                     + platform::makePrivateCommand(id->m_keyPath) + "`");
    } else if (keyInfo.error().code == Errc::NotFound) {
        FG_TRY_ASSIGN(PkeyPtr fresh, generateKey());
        FG_TRY_ASSIGN(std::string pem, toPem(true, fresh.get(), nullptr));
        FG_TRY(platform::writeFileAtomic(id->m_keyPath, pem, 0600));
        // Load back what is on disk rather than using `fresh`: if another
        // process raced us, its rename may have won, and both must agree.
    } else {
        return std::move(keyInfo).error();
    }
    FG_TRY_ASSIGN(id->m_key, loadKey(id->m_keyPath));

    FG_TRY_ASSIGN(id->m_cert, loadCertificateFor(id->m_certPath, id->m_key.get()));
    if (!id->m_cert) {
        FG_TRY_ASSIGN(id->m_cert, makeCertificate(id->m_key.get()));
        FG_TRY_ASSIGN(std::string pem, toPem(false, nullptr, id->m_cert.get()));
        FG_TRY(platform::writeFileAtomic(id->m_certPath, pem, 0644));
    }
    FG_TRY_ASSIGN(id->m_fingerprint, fingerprintOf(id->m_cert.get()));
    return id;
}

} // namespace fg::net
