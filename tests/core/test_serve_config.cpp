// floodgate.conf: what a good file sets, what each kind of bad file is told
// (the line, the key, what is wrong), and who may use a module.

#include "config/ini_file.h"
#include "daemon/module_access.h"

#include "test_support.h"

#include <floodgate/serve_config.h>

#include <QTest>

#include <sys/stat.h>

namespace {

fg::ServerConfig defaults()
{
    fg::ServerConfig c;
    c.listenHost = "0.0.0.0";
    c.port = 7878;
    return c;
}

// The error a text gets (empty when it is accepted).
std::string errorOf(const std::string& text)
{
    fg::ServerConfig c = defaults();
    fg::Status st = fg::applyServeConfig(text, "test.conf", c);
    return st ? std::string() : st.error().message;
}

#define EXPECT_REFUSED(text, ...)                                                                                       \
    do {                                                                                                                \
        const std::string why = errorOf(text);                                                                          \
        QVERIFY2(!why.empty(), ("accepted: " + std::string(text)).c_str());                                             \
        for (const char* part : {__VA_ARGS__}) QVERIFY2(why.find(part) != std::string::npos, why.c_str());              \
    } while (0)

} // namespace

class TestServeConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aWholeFileSetsEverything()
    {
        const std::string text = "\xEF\xBB\xBF# the NAS\n"
                                 "[daemon]\n"
                                 "listen = [::]:7979\n"
                                 "state-dir = /var/lib/floodgate\n"
                                 "max-sessions = 8\n"
                                 "auth-timeout = 5\n"
                                 "max-pending = 64\n"
                                 "max-pending-per-host = 16\n"
                                 "\n"
                                 "; photos from every laptop\n"
                                 "[module photos]\n"
                                 "path = /volume1/photos # not a comment: paths may hold '#'\n"
                                 "read-only = no\n"
                                 "write = laptop, SHA256:abcdefgh12\n"
                                 "read = *\n"
                                 "comment = the family's photos\n"
                                 "min-free = 10G\n"
                                 "[ module  backup ]\n"
                                 "  path=/volume1/backup  \n"
                                 "read-only = yes\n"
                                 "allow-plaintext = on\n"
                                 "keep-owners = true\n"
                                 "min-free = 2.5%\n"
                                 "snapshot-keep-daily = 7\n"
                                 "snapshot-keep-monthly = 12\n";
        fg::ServerConfig c = defaults();
        fg::Status st = fg::applyServeConfig(text, "floodgate.conf", c);
        QVERIFY2(st.ok(), st ? "" : st.error().message.c_str());
        QCOMPARE(c.listenHost, std::string("::"));
        QCOMPARE(c.port, uint16_t(7979));
        QCOMPARE(c.stateDir, std::string("/var/lib/floodgate"));
        QCOMPARE(c.maxSessions, 8);
        QCOMPARE(c.authTimeoutSec, 5);
        QCOMPARE(c.maxPending, 64);
        QCOMPARE(c.maxPendingPerHost, 16);
        QCOMPARE(c.modules.size(), size_t(2));
        const fg::ModuleConfig& photos = c.modules[0];
        QCOMPARE(photos.name, std::string("photos"));
        QCOMPARE(photos.path, std::string("/volume1/photos # not a comment: paths may hold '#'"));
        QVERIFY(!photos.readOnly);
        QCOMPARE(photos.writers, (std::vector<std::string>{"laptop", "SHA256:abcdefgh12"}));
        QCOMPARE(photos.readers, (std::vector<std::string>{"*"}));
        QCOMPARE(photos.comment, std::string("the family's photos"));
        QCOMPARE(photos.definedAt, std::string("floodgate.conf, line 11"));
        QCOMPARE(photos.minFreeBytes, uint64_t(10) << 30);
        const fg::ModuleConfig& backup = c.modules[1];
        QCOMPARE(backup.name, std::string("backup"));
        QCOMPARE(backup.path, std::string("/volume1/backup"));
        QVERIFY(backup.readOnly && backup.allowPlaintext && backup.keepOwners);
        QVERIFY(backup.readers.empty() && backup.writers.empty());
        QCOMPARE(backup.minFreeShare, 0.025);
        QVERIFY(backup.snapshotKeep == (fg::SnapshotRetention{0, 7, 0, 12}));
        QVERIFY(!photos.snapshotKeep.any());
    }

    void whatTheFileLeavesOutKeepsItsDefault()
    {
        fg::ServerConfig c = defaults();
        QVERIFY(fg::applyServeConfig("[module m]\npath = /srv\n", "x", c).ok());
        QCOMPARE(c.listenHost, std::string("0.0.0.0"));
        QCOMPARE(c.port, uint16_t(7878));
        QCOMPARE(c.maxSessions, 64);
        // A bare address takes the default port.
        QVERIFY(fg::setDaemonSetting(c, "listen", "192.168.1.2").ok());
        QCOMPARE(c.listenHost, std::string("192.168.1.2"));
        QCOMPARE(c.port, uint16_t(7878));
    }

    void eachBadFileIsToldWhereAndWhy()
    {
        EXPECT_REFUSED("[daemon]\nlisten = 0.0.0.0:7878\nlisten = 0.0.0.0:7879\n", "test.conf, line 3", "given twice",
                       "line 2");
        EXPECT_REFUSED("[daemon]\nlisen = 0.0.0.0:7878\n", "line 2", "unknown setting 'lisen'", "listen, state-dir");
        EXPECT_REFUSED("[daemon]\nmax-sessions = lots\n", "line 2, max-sessions", "a number from 1 to 4096", "'lots'");
        EXPECT_REFUSED("[daemon]\nmax-sessions = 0\n", "line 2, max-sessions", "from 1");
        EXPECT_REFUSED("[daemon]\nauth-timeout = 601\n", "line 2, auth-timeout", "1 to 600");
        EXPECT_REFUSED("[daemon]\nlisten = host:port\n", "line 2, listen", "ADDR:PORT");
        EXPECT_REFUSED("[daemon]\nlisten = ::1:7878\n", "line 2, listen", "brackets");
        EXPECT_REFUSED("[daemon]\nlisten = 0.0.0.0:70000\n", "line 2");
        EXPECT_REFUSED("listen = 0.0.0.0:7878\n[daemon]\n", "line 1", "before any section", "[daemon]");
        EXPECT_REFUSED("[daemon]\n[daemon]\n", "line 2", "second [daemon]");
        EXPECT_REFUSED("[deamon]\n", "line 1", "unknown section [deamon]");
        EXPECT_REFUSED("[daemon extra]\n", "line 1", "takes no name");
        EXPECT_REFUSED("[daemon\n", "line 1", "end with ']'");
        EXPECT_REFUSED("[module]\npath = /a\n", "line 1", "[module NAME]");
        EXPECT_REFUSED("[module a b]\npath = /a\n", "line 1", "one word");
        EXPECT_REFUSED("[module m]\nread-only = true\n", "line 1", "module 'm' has no path");
        EXPECT_REFUSED("[module m]\npath = relative/dir\n", "line 2, path", "absolute");
        EXPECT_REFUSED("[module m]\npath = /a\n[module m]\npath = /b\n", "line 3", "defined twice", "line 1");
        EXPECT_REFUSED("[module m]\npath = /a\nread-only = maybe\n", "line 3, read-only", "true or false", "'maybe'");
        EXPECT_REFUSED("[module m]\npath = /a\nlisten = 0.0.0.0\n", "line 3, listen", "belongs in [daemon]");
        EXPECT_REFUSED("[daemon]\npath = /a\n", "line 2, path", "belongs in a [module NAME]");
        EXPECT_REFUSED("[module m]\npath = /a\nwrite =\n", "line 3, write", "at least one client");
        EXPECT_REFUSED("[module m]\npath = /a\nwrite = lap*\n", "line 3, write", "'*' stands alone");
        EXPECT_REFUSED("[module m]\npath = /a\nwrite = SHA256:ab\n", "line 3, write", "too short");
        EXPECT_REFUSED("[module m]\npath = /a\nwrite = a;b\n", "line 3, write", "not a client's name");
        EXPECT_REFUSED("[module m]\npath = /a\nwrite = laptop  # the laptop\n", "line 3, write", "a line of its own");
        EXPECT_REFUSED("[daemon]\njust some words\n", "line 2", "key = value");
        EXPECT_REFUSED("[daemon]\n= 5\n", "line 2", "a value without a key");
        EXPECT_REFUSED("[daemon]\nmax sessions = 5\n", "line 2", "is not a key");
        EXPECT_REFUSED(std::string("[daemon]\nstate-dir = /a\0b\n", 26), "line 2", "NUL");
        EXPECT_REFUSED("[daemon]\nstate-dir = /" + std::string(5000, 'a') + "\n", "line 2", "longer than");
        EXPECT_REFUSED("[daemon]\npair-code = 123\n", "line 2, pair-code", "at least 6");
        EXPECT_REFUSED("[module m]\npath = /a\nmin-free = lots\n", "line 3, min-free", "a size (10G)");
        EXPECT_REFUSED("[module m]\npath = /a\nmin-free = 100%\n", "line 3, min-free", "below 100 %");
        EXPECT_REFUSED("[module m]\npath = /a\nsnapshot-keep-daily = -1\n", "line 3, snapshot-keep-daily",
                       "a number of snapshots");
        EXPECT_REFUSED("[module m]\npath = /a\nsnapshot-keep-weekly = 4 weeks\n", "line 3, snapshot-keep-weekly",
                       "a number of snapshots");
        EXPECT_REFUSED("[module m]\npath = /a\nsnapshot-keep-hourly = 4\n", "line 3", "snapshot-keep-monthly");
    }

    void iniLinesKeepTheirNumbers()
    {
        auto ini = fg::config::parseIni("\n# c\n[module x]\n\nk = v = w\n", "s");
        QVERIFY(ini.ok());
        QCOMPARE(ini->sections.size(), size_t(2)); // the empty one before any header, then [module x]
        const auto& x = ini->sections[1];
        QCOMPARE(x.name, std::string("module"));
        QCOMPARE(x.argument, std::string("x"));
        QCOMPARE(x.line, 3);
        QCOMPARE(x.entries.size(), size_t(1));
        QCOMPARE(x.entries[0].key, std::string("k"));
        QCOMPARE(x.entries[0].value, std::string("v = w")); // the first '=' splits
        QCOMPARE(x.entries[0].line, 5);
        // Windows line ends and no final newline.
        auto crlf = fg::config::parseIni("[daemon]\r\nlisten = a:1\r\nmax-sessions = 2", "s");
        QVERIFY(crlf.ok());
        QCOMPARE(crlf->sections[1].entries[1].value, std::string("2"));
        QCOMPARE(crlf->sections[1].entries[0].value, std::string("a:1"));
    }

    void aFileOthersCanWriteIsRefused()
    {
        fgtest::ScratchDir dir("fgconf");
        const std::string path = dir.sub("floodgate.conf");
        fgtest::writeFile(path, "[module m]\npath = /srv\n", 0644);
        fg::ServerConfig c = defaults();
        QVERIFY(fg::applyServeConfigFile(path, c).ok());
        QVERIFY(::chmod(path.c_str(), 0666) == 0);
        fg::ServerConfig again = defaults();
        fg::Status st = fg::applyServeConfigFile(path, again);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, fg::Errc::PermissionDenied);
        QVERIFY2(st.error().message.find("chmod o-w") != std::string::npos, st.error().message.c_str());
        fg::Status missing = fg::applyServeConfigFile(dir.sub("nope.conf"), again);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, fg::Errc::NotFound);
        QVERIFY2(missing.error().message.find("nope.conf") != std::string::npos, missing.error().message.c_str());
    }

    void whoMayUseAModule()
    {
        using fg::ModuleAccess;
        const std::string fpA = "SHA256:AAAAaaaa1111bbbb2222cccc3333dddd4444eeee555";
        const std::string fpB = "SHA256:BBBBaaaa1111bbbb2222cccc3333dddd4444eeee555";
        fg::ModuleConfig open;
        QCOMPARE(fg::moduleAccess(open, fpA, ""), ModuleAccess::ReadWrite); // no lists: every paired client

        fg::ModuleConfig listed;
        listed.writers = {"Laptop"};
        listed.readers = {"SHA256:BBBBaaaa"};
        QCOMPARE(fg::moduleAccess(listed, fpA, "laptop"), ModuleAccess::ReadWrite); // letter case aside
        QCOMPARE(fg::moduleAccess(listed, fpB, "desk"), ModuleAccess::Read);        // by its fingerprint's start
        QCOMPARE(fg::moduleAccess(listed, fpA, "desk"), ModuleAccess::None);
        QCOMPARE(fg::moduleAccess(listed, fpA, ""), ModuleAccess::None);            // no name matches no name
        listed.readers = {"SHA256:BBBB"};                                           // too short to name one
        QCOMPARE(fg::moduleAccess(listed, fpB, "desk"), ModuleAccess::None);

        fg::ModuleConfig everyoneReads;
        everyoneReads.readers = {"*"};
        everyoneReads.writers = {"laptop"};
        QCOMPARE(fg::moduleAccess(everyoneReads, fpB, "desk"), ModuleAccess::Read);
        QCOMPARE(fg::moduleAccess(everyoneReads, fpA, "laptop"), ModuleAccess::ReadWrite);
    }
};

QTEST_GUILESS_MAIN(TestServeConfig)
#include "test_serve_config.moc"
