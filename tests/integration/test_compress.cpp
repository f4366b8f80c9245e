// --compress through the real CLI: a daemon on 127.0.0.1 (push and pull) and
// local copies (which never compress). Every file must arrive byte for byte,
// text must shrink on the wire, and auto must leave known compressed formats
// (by name) alone.

#include "codec/compress.h"
#include "test_support.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <string>
#include <vector>

using namespace fgtest;

namespace {

// Text that compresses the way logs and sources do (zstd ~10x), not a
// single repeated line.
std::string text(size_t n, uint64_t seed)
{
    static const char* const words[] = {"sync", "floodgate", "frame", "chunk", "stream", "delta", "receiver",
                                        "sender", "hash", "window", "level", "error:", "ok", "0x7f3a", "=", "{", "}"};
    std::string t;
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    while (t.size() < n) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        t += words[x % std::size(words)];
        t += (x >> 8) % 9 == 0 ? '\n' : ' ';
    }
    t.resize(n);
    return t;
}

// Half compressible text, half random, and text named like a JPEG. Sizes
// cover SmallFile frames, whole files of several frames and chunked files.
void writeMixedTree(const std::string& root)
{
    writeFile(root + "/notes/small.txt", text(20 << 10, 1));
    writeFile(root + "/notes/readme.md", text(700 << 10, 2));
    writeFile(root + "/logs/server.log", text(3 << 20, 3));
    writeFile(root + "/empty.txt", "");
    writeFile(root + "/data/random.bin", randomBytes(1 << 20, 4));
    writeFile(root + "/data/random-small.bin", randomBytes(40 << 10, 5));
    writeFile(root + "/photo.jpg", text(600 << 10, 6));
}

double number(const QJsonObject& o, const char* key) { return o.value(QLatin1String(key)).toDouble(); }

QJsonObject compressionOf(const QJsonObject& json) { return json.value(QStringLiteral("compression")).toObject(); }

// A stage's bytes: the sender's "compress" and "send" are on the client for a
// push or a local copy, reported by the daemon for a pull.
double stageBytes(const QJsonObject& json, const QString& name)
{
    double bytes = -1;
    for (const auto& s : json.value(QStringLiteral("stages")).toArray()) {
        const QJsonObject o = s.toObject();
        if (o.value(QStringLiteral("name")).toString() == name) bytes = number(o, "bytes");
    }
    return bytes;
}

QJsonObject parsed(const CliRun& run)
{
    QString error;
    const QJsonObject json = parseJsonObject(run.out, &error);
    if (json.isEmpty()) qWarning("no JSON: %s (%s)", qPrintable(error), run.out.constData());
    return json;
}

QString describe(const QJsonObject& json)
{
    return QStringLiteral("wire %1, transferred %2, compressed frames %3, raw frames %4")
        .arg(number(json, "wire_bytes"))
        .arg(number(json, "bytes_transferred"))
        .arg(number(compressionOf(json), "frames_compressed"))
        .arg(number(compressionOf(json), "frames_raw"));
}

} // namespace

class TestCompress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pushPullAndLocal_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<double>("maxWireShare"); // of bytes_transferred
        QTest::addColumn<int>("minCompressed");   // frames
        const QStringList chunked = {QStringLiteral("--streams"), QStringLiteral("2"), QStringLiteral("--chunk-size"),
                                     QStringLiteral("1M")};
        // 3.7 MB of text + 1 MB random + 0.6 MB of text named .jpg. Auto may
        // back off to none on a loopback (compressing is the limit there, by
        // design), so only its first frames are sure to be compressed.
        QTest::newRow("zstd") << QStringLiteral("zstd:3") << QStringList{} << 0.5 << 8;
        QTest::newRow("zstd:1, 2 streams, 1M chunks") << QStringLiteral("zstd:1") << chunked << 0.5 << 8;
        QTest::newRow("lz4") << QStringLiteral("lz4") << QStringList{} << 0.7 << 8;
        QTest::newRow("auto") << QStringLiteral("auto") << QStringList{} << 1.0 << 1;
        QTest::newRow("auto, 2 streams, 1M chunks") << QStringLiteral("auto") << chunked << 1.0 << 1;
    }
    void pushPullAndLocal()
    {
        QFETCH(QString, mode);
        QFETCH(QStringList, extra);
        QFETCH(double, maxWireShare);
        QFETCH(int, minCompressed);
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        writeMixedTree(dir.sub("src"));
        const QStringList how = QStringList{QStringLiteral("-v"), QStringLiteral("--compress"), mode} + extra;

        auto check = [&](const CliRun& run, const std::string& copy, bool overTheWire) {
            QVERIFY2(run.exitCode == 0, (run.err + run.out).constData());
            const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(copy));
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
            QVERIFY(tempFilesUnder(copy).isEmpty());
            const QJsonObject json = parsed(run);
            const QJsonObject c = compressionOf(json);
            QCOMPARE(c.value(QStringLiteral("mode")).toString(), mode);
            QVERIFY2(number(c, "frames_compressed") >= minCompressed, qPrintable(describe(json)));
            QVERIFY2(number(c, "frames_raw") >= 4, qPrintable(describe(json))); // random data, the empty file
            // The compress stage saw every file byte; the send stage put
            // fewer on the wire.
            const double transferred = number(json, "bytes_transferred");
            QCOMPARE(stageBytes(json, QStringLiteral("compress")), transferred);
            QVERIFY2(stageBytes(json, QStringLiteral("send")) < maxWireShare * transferred, qPrintable(describe(json)));
            if (overTheWire)
                QVERIFY2(number(json, "wire_bytes") < maxWireShare * transferred, qPrintable(describe(json)));
            QVERIFY2(stageBytes(json, QStringLiteral("decompress")) > 0, qPrintable(describe(json)));
            QVERIFY2(run.err.contains("compression: "), run.err.constData());
        };

        auto push = f.sync(how + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        check(push, dir.sub("module/copy"), true);
        if (QTest::currentTestFailed()) return;
        auto pull = f.sync(how + QStringList{f.daemon.url(QStringLiteral("m/copy/")), q(dir.sub("back"))});
        check(pull, dir.sub("back"), true);
        if (QTest::currentTestFailed()) return;
        // A local copy has no network to save: it copies, and says so.
        auto local = f.sync(how + QStringList{q(dir.sub("src/")), q(dir.sub("local"))});
        QVERIFY2(local.exitCode == 0, (local.err + local.out).constData());
        const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("local")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        const QJsonObject json = parsed(local);
        QCOMPARE(compressionOf(json).value(QStringLiteral("mode")).toString(), QStringLiteral("none"));
        QCOMPARE(number(compressionOf(json), "frames_compressed"), 0.0);
        QVERIFY2(local.err.contains("not used for a local copy"), local.err.constData());
    }

    // Known compressed formats go raw under auto, without a try: here text
    // named .jpg, which zstd would shrink (and does, when asked to).
    void autoLeavesKnownCompressedNamesAlone()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        writeFile(dir.sub("src/photo.jpg"), text(600 << 10, 6));
        writeFile(dir.sub("src/thumb.JPG"), text(10 << 10, 7));
        writeFile(dir.sub("src/clip.mp4"), text(300 << 10, 8));

        auto runWith = [&](const QString& mode, const std::string& to, bool pull) {
            const QString module = f.daemon.url(QString::fromStdString("m/" + to + "/"));
            if (!pull) return f.sync({QStringLiteral("--compress"), mode, q(dir.sub("src/")), module});
            // The daemon sends: its sender makes the choices.
            if (f.sync({q(dir.sub("src/")), module}).exitCode != 0) return CliRun{};
            return f.sync({QStringLiteral("--compress"), mode, module, q(dir.sub("back-" + to))});
        };
        for (bool pull : {false, true}) {
            auto automatic = runWith(QStringLiteral("auto"), pull ? "pull-auto" : "auto", pull);
            QVERIFY2(automatic.exitCode == 0, automatic.err.constData());
            QJsonObject json = parsed(automatic);
            QCOMPARE(number(compressionOf(json), "frames_compressed"), 0.0);
            QVERIFY2(number(compressionOf(json), "frames_raw") >= 5, qPrintable(describe(json)));
            QCOMPARE(stageBytes(json, QStringLiteral("send")), number(json, "bytes_transferred"));
            QVERIFY2(number(json, "wire_bytes") > number(json, "bytes_transferred"), qPrintable(describe(json)));
            QVERIFY(diffTrees(describeTree(dir.sub("src")),
                              describeTree(dir.sub(pull ? "back-pull-auto" : "module/auto"))).isEmpty());

            auto zstd = runWith(QStringLiteral("zstd"), pull ? "pull-zstd" : "zstd", pull);
            QVERIFY2(zstd.exitCode == 0, zstd.err.constData());
            json = parsed(zstd);
            QVERIFY2(number(compressionOf(json), "frames_compressed") >= 5, qPrintable(describe(json)));
            QVERIFY2(stageBytes(json, QStringLiteral("send")) < 0.5 * number(json, "bytes_transferred"),
                     qPrintable(describe(json)));
            // Text with zstd: less than half on the wire, framing and TLS included.
            QVERIFY2(number(json, "wire_bytes") < 0.5 * number(json, "bytes_transferred"), qPrintable(describe(json)));
        }
    }

    // The frames of one connection are one zstd stream: 500 small log files
    // that share their lines cost far less on the wire than the same files
    // compressed each on its own would (what protocol 3 sent), framing, file
    // list and TLS included.
    void smallFilesCompressAcrossFiles()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        std::vector<std::string> pool;
        for (int i = 0; i < 1500; ++i)
            pool.push_back("2024-05-01T10:" + std::to_string(i % 60) + " INFO worker[" + std::to_string(i * 7919 % 65536)
                           + "]: " + text(40 + size_t(i % 60), uint64_t(i) + 100) + "\n");
        fg::codec::FrameCompressor alone;
        std::vector<uint8_t> packed;
        double independent = 0;
        double raw = 0;
        uint64_t x = 12345;
        for (int n = 0; n < 500; ++n) {
            std::string file;
            const size_t size = 2000 + size_t(n % 7) * 900;
            while (file.size() < size) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                file += pool[x % pool.size()];
            }
            writeFile(dir.sub("src/logs/d" + std::to_string(n % 10) + "/app" + std::to_string(n) + ".log"), file);
            const auto* p = reinterpret_cast<const uint8_t*>(file.data());
            QCOMPARE(alone.compress(p, file.size(), packed, fg::codec::Algo::Zstd, 3), fg::codec::Algo::Zstd);
            independent += double(packed.size());
            raw += double(file.size());
        }
        for (const QString& mode : {QStringLiteral("zstd:3"), QStringLiteral("auto")}) {
            const std::string to = "copy-" + mode.left(4).toStdString();
            auto push = f.sync({QStringLiteral("--compress"), mode, QStringLiteral("--streams"), QStringLiteral("2"),
                                q(dir.sub("src/")), f.daemon.url(QString::fromStdString("m/" + to + "/"))});
            QVERIFY2(push.exitCode == 0, (push.err + push.out).constData());
            const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/" + to)));
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
            const QJsonObject json = parsed(push);
            const double wire = number(json, "wire_bytes");
            // Auto may step down to none on a busy loopback (see above): it
            // only has to arrive intact.
            if (mode == QLatin1String("zstd:3"))
                QVERIFY2(wire < 0.5 * independent,
                         qPrintable(QStringLiteral("%1: %2 on the wire; the files alone compress to %3 (%4 raw)")
                                        .arg(mode).arg(wire).arg(independent).arg(raw)));
            qInfo("%s: %.0f bytes on the wire; each file on its own compresses to %.0f in all (%.0f raw)",
                  qPrintable(mode), wire, independent, raw);
        }
    }

    // Delta frames compress their instructions; the rebuilt file must still
    // match, both ways.
    void deltaUpdateRoundTrips()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        std::string big = text(6 << 20, 11);
        writeFile(dir.sub("src/big.log"), big);
        writeFile(dir.sub("src/mixed.bin"), randomBytes(2 << 20, 12));
        QCOMPARE(f.sync({q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))}).exitCode, 0);
        writeFile(dir.sub("back/big.log"), big);
        writeFile(dir.sub("back/mixed.bin"), randomBytes(2 << 20, 12));

        // New text in the middle and at the end: literals that compress.
        big.insert(3'000'001, text(200 << 10, 13));
        writeFile(dir.sub("src/big.log"), big + text(100 << 10, 14));
        std::string mixed = readFile(dir.sub("src/mixed.bin"));
        mixed.replace(1'000'000, 4096, text(4096, 15));
        writeFile(dir.sub("src/mixed.bin"), mixed);
        for (const char* name : {"src/big.log", "src/mixed.bin"}) setMtime(dir.sub(name), 1'700'000'000);

        const QStringList how = {QStringLiteral("--compress"), QStringLiteral("zstd"), QStringLiteral("--no-whole-file")};
        auto push = f.sync(how + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(push.exitCode == 0, (push.err + push.out).constData());
        QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/copy")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QJsonObject json = parsed(push);
        const auto updates = json.value(QStringLiteral("updates")).toArray();
        QCOMPARE(updates.size(), qsizetype(2));
        for (const auto& u : updates) QCOMPARE(u.toObject().value(QStringLiteral("method")).toString(), QStringLiteral("delta"));
        QVERIFY2(number(compressionOf(json), "frames_compressed") >= 1, qPrintable(describe(json)));
        // ~300 KB of new text, compressed, plus signatures: far less than the
        // 300 KB it would be raw.
        QVERIFY2(number(json, "wire_bytes") < 250e3, qPrintable(describe(json)));

        auto pull = f.sync(how + QStringList{f.daemon.url(QStringLiteral("m/copy/")), q(dir.sub("back"))});
        QVERIFY2(pull.exitCode == 0, (pull.err + pull.out).constData());
        diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("back")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        json = parsed(pull);
        QVERIFY2(number(compressionOf(json), "frames_compressed") >= 1, qPrintable(describe(json)));
    }
};

QTEST_GUILESS_MAIN(TestCompress)
#include "test_compress.moc"

using fgtest::q;
