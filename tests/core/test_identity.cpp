#include "net/identity.h"
#include "net/trust_store.h"
#include "platform/fs.h"
#include "test_support.h"

#include <floodgate/identity.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QTest>

#include <sys/stat.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <set>
#include <thread>
#include <vector>

using fg::net::AuthorizedClients;
using fg::net::KnownServers;
using fg::net::TlsIdentity;

namespace {

// A well-formed fingerprint that belongs to no certificate.
std::string fakeFingerprint(int i)
{
    QByteArray digest = QCryptographicHash::hash(QByteArray::number(i), QCryptographicHash::Sha256);
    return "SHA256:" + digest.toBase64(QByteArray::OmitTrailingEquals).toStdString();
}

unsigned modeOf(const std::string& path)
{
    struct stat st{};
    if (::stat(path.c_str(), &st) != 0) return 0xffffffffu;
    return st.st_mode & 07777;
}

// Restores an environment variable when the test ends, passed or not.
class EnvGuard {
public:
    explicit EnvGuard(const char* name) : m_name(name)
    {
        if (const char* v = std::getenv(name)) {
            m_old = v;
            m_had = true;
        }
    }
    ~EnvGuard()
    {
        if (m_had) ::setenv(m_name, m_old.c_str(), 1);
        else ::unsetenv(m_name);
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;

private:
    const char* m_name;
    std::string m_old;
    bool m_had = false;
};

const char* msg(const fg::Error& e) { return e.message.c_str(); }

} // namespace

class TestIdentity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createsOnceAndReloads()
    {
        fgtest::ScratchDir scratch;
        const std::string state = scratch.sub("config/floodgate"); // neither level exists yet
        auto first = TlsIdentity::loadOrCreate(state);
        QVERIFY2(first.ok(), first.ok() ? "" : msg(first.error()));
        QCOMPARE(modeOf(state), 0700u);
        QCOMPARE(modeOf((*first)->keyPath()), 0600u);
        QVERIFY(fgtest::exists((*first)->certPath()));
        const std::string keyPem = fgtest::readFile((*first)->keyPath());
        QVERIFY(keyPem.find("BEGIN PRIVATE KEY") != std::string::npos);

        auto again = TlsIdentity::loadOrCreate(state);
        QVERIFY2(again.ok(), again.ok() ? "" : msg(again.error()));
        QCOMPARE((*again)->fingerprint(), (*first)->fingerprint());
        QCOMPARE(fgtest::readFile((*again)->keyPath()), keyPem); // loaded, not replaced

        auto local = fg::localFingerprint(state);
        QVERIFY(local.ok());
        QCOMPARE(*local, (*first)->fingerprint());
    }

    void fingerprintFormat()
    {
        fgtest::ScratchDir scratch;
        auto id = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY(id.ok());
        const std::string fp = (*id)->fingerprint();
        QVERIFY2(QRegularExpression(QStringLiteral("^SHA256:[A-Za-z0-9+/]{43}$"))
                     .match(QString::fromStdString(fp))
                     .hasMatch(),
                 fp.c_str());
        QVERIFY(fg::net::isFingerprint(fp));

        // Independently: SHA-256 over the certificate's DER, as ssh prints it.
        unsigned char* der = nullptr;
        int len = i2d_X509((*id)->certificate(), &der);
        QVERIFY(len > 0);
        QByteArray digest = QCryptographicHash::hash(QByteArray(reinterpret_cast<const char*>(der), len),
                                                     QCryptographicHash::Sha256);
        OPENSSL_free(der);
        QCOMPARE(fp, "SHA256:" + digest.toBase64(QByteArray::OmitTrailingEquals).toStdString());
        auto viaHelper = fg::net::fingerprintOf((*id)->certificate());
        QVERIFY(viaHelper.ok());
        QCOMPARE(*viaHelper, fp);

        QVERIFY(!fg::net::isFingerprint("SHA256:abc"));
        QVERIFY(!fg::net::isFingerprint("MD5:" + fp.substr(7)));
        QVERIFY(!fg::net::isFingerprint(fp + "="));
        QVERIFY(!fg::net::isFingerprint(fp.substr(0, fp.size() - 1) + "-"));
    }

    void installsDiffer()
    {
        fgtest::ScratchDir a, b;
        auto ia = TlsIdentity::loadOrCreate(a.path());
        auto ib = TlsIdentity::loadOrCreate(b.path());
        QVERIFY(ia.ok() && ib.ok());
        QVERIFY((*ia)->fingerprint() != (*ib)->fingerprint());
    }

    void lostCertificateKeepsFingerprint()
    {
        // The key is the identity; the certificate is rebuilt from it, byte
        // for byte, so pins held by peers stay valid.
        fgtest::ScratchDir scratch;
        auto id = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY(id.ok());
        const std::string fp = (*id)->fingerprint();
        const std::string certPath = (*id)->certPath();

        QVERIFY(::unlink(certPath.c_str()) == 0);
        auto rebuilt = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY2(rebuilt.ok(), rebuilt.ok() ? "" : msg(rebuilt.error()));
        QCOMPARE((*rebuilt)->fingerprint(), fp);

        fgtest::writeFile(certPath, "-----BEGIN CERTIFICATE-----\nnot base64 at all\n", 0644);
        auto repaired = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY2(repaired.ok(), repaired.ok() ? "" : msg(repaired.error()));
        QCOMPARE((*repaired)->fingerprint(), fp);
    }

    void corruptKeyIsAClearError_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("garbage") << QByteArray("this is not a key\n");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("truncated pem") << QByteArray("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2Vw\n");
        QTest::newRow("binary") << QByteArray("\x00\xff\x30\x82\x01", 5);
    }
    void corruptKeyIsAClearError()
    {
        QFETCH(QByteArray, content);
        fgtest::ScratchDir scratch;
        const std::string keyPath = scratch.sub(TlsIdentity::kKeyFile);
        fgtest::writeFile(keyPath, content.toStdString(), 0600);
        auto id = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY(!id.ok());
        const std::string& m = id.error().message;
        QVERIFY2(m.find(keyPath) != std::string::npos, m.c_str());
        QVERIFY2(m.find("move it away") != std::string::npos, m.c_str());
        QCOMPARE(fgtest::readFile(keyPath), content.toStdString()); // never replaced behind the user's back
    }

    void foreignKeyTypeIsRefused()
    {
        fgtest::ScratchDir scratch;
        // X25519 is a valid key, but not one that can sign a certificate.
        EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, nullptr);
        EVP_PKEY* key = nullptr;
        QVERIFY(ctx && EVP_PKEY_keygen_init(ctx) == 1 && EVP_PKEY_keygen(ctx, &key) == 1);
        EVP_PKEY_CTX_free(ctx);
        BIO* bio = BIO_new(BIO_s_mem());
        QVERIFY(PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr) == 1);
        std::string pem(BIO_ctrl_pending(bio), '\0');
        QVERIFY(BIO_read(bio, pem.data(), int(pem.size())) == int(pem.size()));
        BIO_free(bio);
        EVP_PKEY_free(key);
        fgtest::writeFile(scratch.sub(TlsIdentity::kKeyFile), pem, 0600);

        auto id = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY(!id.ok());
        QVERIFY2(id.error().message.find("not an Ed25519 key") != std::string::npos, msg(id.error()));
    }

    void keyReadableByOthersIsRefused()
    {
        fgtest::ScratchDir scratch;
        auto id = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY(id.ok());
        QVERIFY(::chmod((*id)->keyPath().c_str(), 0644) == 0);
        auto again = TlsIdentity::loadOrCreate(scratch.path());
        QVERIFY(!again.ok());
        QCOMPARE(again.error().code, fg::Errc::PermissionDenied);
        QVERIFY2(again.error().message.find("chmod 600") != std::string::npos, msg(again.error()));
    }

    void concurrentFirstUseAgrees()
    {
        fgtest::ScratchDir scratch;
        std::vector<std::string> seen(8);
        std::vector<std::thread> threads;
        for (size_t i = 0; i < seen.size(); ++i)
            threads.emplace_back([&, i] {
                auto id = TlsIdentity::loadOrCreate(scratch.path());
                if (id.ok()) seen[i] = (*id)->fingerprint();
            });
        for (auto& t : threads) t.join();
        for (const auto& fp : seen) QCOMPARE(fp, seen.front());
        QVERIFY(fg::net::isFingerprint(seen.front()));
    }

    void knownServersVerdicts()
    {
        fgtest::ScratchDir scratch;
        const std::string fpA = fakeFingerprint(1);
        const std::string fpB = fakeFingerprint(2);
        auto store = KnownServers::load(scratch.path());
        QVERIFY(store.ok());
        std::string expected = "untouched";
        QCOMPARE(store->check("nas:7878", fpA, &expected), KnownServers::Verdict::Unknown);
        QCOMPARE(expected, std::string("untouched"));

        QVERIFY(store->remember("nas:7878", fpA).ok());
        QCOMPARE(store->check("nas:7878", fpA, &expected), KnownServers::Verdict::Match);
        QCOMPARE(store->check("NAS:7878", fpA, nullptr), KnownServers::Verdict::Match);
        QCOMPARE(store->check("nas:7879", fpA, nullptr), KnownServers::Verdict::Unknown);
        QCOMPARE(store->check("nas:7878", fpB, &expected), KnownServers::Verdict::Mismatch);
        QCOMPARE(expected, fpA);
        QCOMPARE(store->check("nas:7878", fpB, nullptr), KnownServers::Verdict::Mismatch);

        // Another process (a new load) sees the pin.
        auto reloaded = KnownServers::load(scratch.path());
        QVERIFY(reloaded.ok());
        QCOMPARE(reloaded->check("nas:7878", fpA, nullptr), KnownServers::Verdict::Match);
        QCOMPARE(reloaded->check("nas:7878", fpB, nullptr), KnownServers::Verdict::Mismatch);
        QCOMPARE(modeOf(reloaded->path()), 0600u);

        // Accepting a changed key replaces the pin and keeps the rest.
        std::string text = fgtest::readFile(reloaded->path());
        fgtest::writeFile(reloaded->path(), "# my servers\n" + text + "[::1]:7878 " + fpB + "\n", 0600);
        auto edited = KnownServers::load(scratch.path());
        QVERIFY(edited.ok());
        QVERIFY(edited->remember("Nas:7878", fpB).ok());
        QCOMPARE(edited->check("nas:7878", fpB, nullptr), KnownServers::Verdict::Match);
        QCOMPARE(edited->check("nas:7878", fpA, nullptr), KnownServers::Verdict::Mismatch);
        auto after = KnownServers::load(scratch.path());
        QVERIFY(after.ok());
        QCOMPARE(after->check("nas:7878", fpB, nullptr), KnownServers::Verdict::Match);
        QCOMPARE(after->check("[::1]:7878", fpB, nullptr), KnownServers::Verdict::Match);
        const std::string final = fgtest::readFile(after->path());
        QVERIFY2(final.find("# my servers\n") == 0, final.c_str());
        QVERIFY2(final.find(fpA) == std::string::npos, final.c_str());
    }

    void knownServersToleratesJunk()
    {
        fgtest::ScratchDir scratch;
        const std::string good = fakeFingerprint(7);
        static const char kBinaryLine[] = "\x00\x01\xff\xfe binary\n";
        std::string junk = "# comment\n\n   \n\t# indented comment\n"
                           "lonely-host:1\n"
                           "bad:2 SHA256:tooshort\n"
                           "noport " + good + "\n"
                           "host:notaport " + good + "\n"
                           "host:3 MD5:" + good.substr(7) + "\n"
                           + std::string(100000, 'x') + "\n"
                           + std::string(kBinaryLine, sizeof kBinaryLine - 1)
                           + "  good.example:7878   " + good + "   trailing words are fine\r\n"
                           "last:4 " + fakeFingerprint(8); // no final newline
        fgtest::writeFile(scratch.sub(KnownServers::kFileName), junk, 0600);
        auto store = KnownServers::load(scratch.path());
        QVERIFY(store.ok());
        QCOMPARE(store->check("good.example:7878", good, nullptr), KnownServers::Verdict::Match);
        QCOMPARE(store->check("last:4", fakeFingerprint(8), nullptr), KnownServers::Verdict::Match);
        QCOMPARE(store->check("bad:2", good, nullptr), KnownServers::Verdict::Unknown);
        QCOMPARE(store->check("host:3", good, nullptr), KnownServers::Verdict::Unknown);
        QCOMPARE(store->check("lonely-host:1", good, nullptr), KnownServers::Verdict::Unknown);

        // Appending after a last line without a newline must not glue them.
        QVERIFY(store->remember("new:5", fakeFingerprint(9)).ok());
        auto again = KnownServers::load(scratch.path());
        QVERIFY(again.ok());
        QCOMPARE(again->check("last:4", fakeFingerprint(8), nullptr), KnownServers::Verdict::Match);
        QCOMPARE(again->check("new:5", fakeFingerprint(9), nullptr), KnownServers::Verdict::Match);
    }

    void knownServersRefusesBadInput()
    {
        fgtest::ScratchDir scratch;
        auto store = KnownServers::load(scratch.path());
        QVERIFY(store.ok());
        const std::string fp = fakeFingerprint(1);
        QCOMPARE(store->remember("two words:1", fp).error().code, fg::Errc::InvalidArgument);
        QCOMPARE(store->remember("host:1\nevil:2", fp).error().code, fg::Errc::InvalidArgument);
        QCOMPARE(store->remember("noport", fp).error().code, fg::Errc::InvalidArgument);
        QCOMPARE(store->remember("host:1", "SHA256:short").error().code, fg::Errc::InvalidArgument);
        QVERIFY(!fgtest::exists(store->path()));
    }

    void authorizedClientsAddAndReload()
    {
        fgtest::ScratchDir scratch;
        const std::string fp1 = fakeFingerprint(11);
        const std::string fp2 = fakeFingerprint(12);
        AuthorizedClients server(scratch.path()); // the long-running `serve`
        QVERIFY(!server.isAuthorized(fp1));

        {
            AuthorizedClients pairCommand(scratch.path()); // `floodgate pair`, elsewhere
            QCOMPARE(pairCommand.authorize(fp1, "my laptop", "paired\n2024-05-01").value(), std::string("my-laptop"));
            QVERIFY(pairCommand.isAuthorized(fp1));
            QCOMPARE(pairCommand.authorize(fp1, "other", "again").value(), std::string("my-laptop")); // idempotent
        }
        QVERIFY(server.isAuthorized(fp1)); // re-read because the file changed
        QVERIFY(!server.isAuthorized(fp2));
        QCOMPARE(fgtest::readFile(server.path()), fp1 + " name=my-laptop paired 2024-05-01\n");
        QCOMPARE(modeOf(server.path()), 0600u);

        QCOMPARE(server.authorize(fp2, "My-Laptop", "").value(), std::string("My-Laptop-2")); // names are unique, case aside
        QCOMPARE(server.nameOf(fp2), std::string("My-Laptop-2"));
        AuthorizedClients fresh(scratch.path());
        QVERIFY(fresh.isAuthorized(fp1));
        QVERIFY(fresh.isAuthorized(fp2));

        // Deleting a line by hand revokes that client at its next connection.
        fgtest::writeFile(server.path(), "# revoked the laptop\n" + fp2 + "\n", 0600);
        QVERIFY(!server.isAuthorized(fp1));
        QVERIFY(server.isAuthorized(fp2));
        QVERIFY(::unlink(server.path().c_str()) == 0);
        QVERIFY(!server.isAuthorized(fp2));
    }

    void clientsAreRenamedAndRevokedByName()
    {
        fgtest::ScratchDir scratch;
        AuthorizedClients store(scratch.path());
        const std::string fp1 = fakeFingerprint(41), fp2 = fakeFingerprint(42);
        QCOMPARE(store.authorize(fp1, "", "first").value(), std::string("client")); // nothing usable in its name
        QCOMPARE(store.authorize(fp2, "ünïcode box", "second").value(), std::string("n-code-box"));
        fgtest::writeFile(store.path(), fgtest::readFile(store.path()) + "# a person's note\n", 0600);
        auto renamed = store.rename("client", "laptop");
        QVERIFY2(renamed.ok(), renamed.ok() ? "" : renamed.error().message.c_str());
        QCOMPARE(renamed->fingerprint, fp1);
        QCOMPARE(store.nameOf(fp1), std::string("laptop"));
        QCOMPARE(store.rename(fp2, "LAPTOP").error().code, fg::Errc::InvalidArgument); // taken, case aside
        QCOMPARE(store.rename(fp2, "SHA256:x").error().code, fg::Errc::InvalidArgument); // would pass for a fingerprint
        QCOMPARE(store.rename(fp2, "two words").error().code, fg::Errc::InvalidArgument);
        QCOMPARE(store.rename("nobody", "x").error().code, fg::Errc::NotFound);
        auto revoked = store.revoke("Laptop");
        QVERIFY(revoked.ok());
        QCOMPARE(revoked->fingerprint, fp1);
        QVERIFY(!store.isAuthorized(fp1));
        QVERIFY(store.isAuthorized(fp2));
        QCOMPARE(fgtest::readFile(store.path()), fp2 + " name=n-code-box second\n# a person's note\n");
    }

    // `sudo floodgate clients rename|revoke` in the daemon's state directory
    // must leave the list the daemon's user's, or the daemon is locked out.
    void rootEditingTheListKeepsItsOwner()
    {
        if (::geteuid() != 0) QSKIP("needs root");
        fgtest::ScratchDir scratch;
        const uid_t daemonUser = 65534; // nobody
        QVERIFY(::chown(scratch.path().c_str(), daemonUser, daemonUser) == 0);
        AuthorizedClients store(scratch.path());
        QVERIFY(store.authorize(fakeFingerprint(51), "a", "").ok()); // a new file: its directory's owner
        struct stat st{};
        QVERIFY(::stat(store.path().c_str(), &st) == 0);
        QCOMPARE(st.st_uid, daemonUser);
        QVERIFY(store.rename("a", "b").ok()); // rewritten: the owner it had
        QVERIFY(::stat(store.path().c_str(), &st) == 0);
        QCOMPARE(st.st_uid, daemonUser);
        QCOMPARE(st.st_gid, gid_t(daemonUser));
        QCOMPARE(st.st_mode & 0777, mode_t(0600));
    }

    void authorizedClientsToleratesJunk()
    {
        fgtest::ScratchDir scratch;
        const std::string good = fakeFingerprint(21);
        fgtest::writeFile(scratch.sub(AuthorizedClients::kFileName),
                          "# comment\n\n" + good + "  desk pc\n" + "SHA256:short x\n" + "garbage line\n"
                              + std::string("\xff\x00\n", 3) + std::string(50000, '#') + "\n   " + fakeFingerprint(22),
                          0600);
        AuthorizedClients store(scratch.path());
        QVERIFY(store.isAuthorized(good));
        QVERIFY(store.isAuthorized(fakeFingerprint(22)));
        QVERIFY(!store.isAuthorized("SHA256:short"));
        QVERIFY(!store.isAuthorized("garbage"));
        QVERIFY(!store.isAuthorized(""));
        QCOMPARE(store.authorize("not a fingerprint", "x", "").error().code, fg::Errc::InvalidArgument);
        QCOMPARE(store.nameOf(good), std::string()); // lines from before names have none
    }

    void authorizedClientsFailsClosed()
    {
        fgtest::ScratchDir scratch;
        const std::string fp = fakeFingerprint(31);
        AuthorizedClients store(scratch.path());
        QVERIFY(store.authorize(fp, "ok", "").ok());
        QVERIFY(store.isAuthorized(fp));
        QVERIFY(::chmod(store.path().c_str(), 0666) == 0); // anyone could add themselves
        QVERIFY(!store.isAuthorized(fp));
        auto why = store.lookup(fp);
        QVERIFY(!why.ok());
        QCOMPARE(why.error().code, fg::Errc::PermissionDenied);
        QVERIFY2(why.error().message.find("chmod 600") != std::string::npos, msg(why.error()));
        QVERIFY(::chmod(store.path().c_str(), 0600) == 0);
        QVERIFY(store.isAuthorized(fp));
    }

    void authorizedClientsIsThreadSafe()
    {
        fgtest::ScratchDir scratch;
        AuthorizedClients store(scratch.path());
        constexpr int kClients = 40;
        std::atomic<bool> done{false};
        std::atomic<int> wrongAnswers{0};
        std::vector<std::thread> sessions;
        for (int t = 0; t < 6; ++t)
            sessions.emplace_back([&] {
                while (!done.load()) {
                    for (int i = 0; i < kClients; ++i) (void)store.isAuthorized(fakeFingerprint(100 + i));
                    if (store.isAuthorized(fakeFingerprint(999))) wrongAnswers++;
                }
            });
        std::thread pairing([&] {
            AuthorizedClients other(scratch.path()); // another process's view, writing
            for (int i = 0; i < kClients; ++i) (void)other.authorize(fakeFingerprint(100 + i), "client", "");
        });
        for (int i = 0; i < kClients; ++i) (void)store.authorize(fakeFingerprint(100 + i), "client", "");
        pairing.join();
        done = true;
        for (auto& t : sessions) t.join();
        QCOMPARE(wrongAnswers.load(), 0);
        for (int i = 0; i < kClients; ++i) QVERIFY(store.isAuthorized(fakeFingerprint(100 + i)));
    }

    void pairCodes()
    {
        const QString alphabet = QStringLiteral("ABCDEFGHJKMNPQRSTUVWXYZ23456789");
        const QRegularExpression format(QStringLiteral("^[%1]{5}-[%1]{5}$").arg(alphabet));
        std::set<std::string> seen;
        std::map<char, int> counts;
        for (int i = 0; i < 1000; ++i) {
            std::string code = fg::generatePairCode();
            QVERIFY2(format.match(QString::fromStdString(code)).hasMatch(), code.c_str());
            seen.insert(code);
            for (char c : code)
                if (c != '-') counts[c]++;
        }
        QCOMPARE(seen.size(), size_t(1000));
        // 10000 symbols over 31: ~323 each (sd ~18). Every symbol shows up and
        // none is far off; a modulo bias (the first 8 symbols ~1.3x) shows too.
        QCOMPARE(counts.size(), size_t(alphabet.size()));
        for (const auto& [symbol, n] : counts) QVERIFY2(n > 230 && n < 420, std::string(1, symbol).c_str());
    }

    void defaultStateDirFollowsEnvironment()
    {
        EnvGuard home("HOME"), fgHome("FLOODGATE_HOME"), xdg("XDG_CONFIG_HOME");
        ::setenv("HOME", "/home/tester", 1);
        ::unsetenv("FLOODGATE_HOME");
        ::unsetenv("XDG_CONFIG_HOME");
        QCOMPARE(fg::defaultStateDir(), std::string("/home/tester/.config/floodgate"));
        ::setenv("XDG_CONFIG_HOME", "relative/ignored", 1);
        QCOMPARE(fg::defaultStateDir(), std::string("/home/tester/.config/floodgate"));
        ::setenv("XDG_CONFIG_HOME", "/xdg", 1);
        QCOMPARE(fg::defaultStateDir(), std::string("/xdg/floodgate"));
        ::setenv("FLOODGATE_HOME", "/srv/fg", 1);
        QCOMPARE(fg::defaultStateDir(), std::string("/srv/fg"));
    }
};

QTEST_GUILESS_MAIN(TestIdentity)
#include "test_identity.moc"
