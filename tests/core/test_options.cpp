#include <floodgate/job.h>
#include <floodgate/options.h>

#include "test_support.h"

#include <QTest>

#include <string>
#include <vector>

using Kind = fg::FilterSpec::Kind;
using namespace std::string_literals;

namespace {

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ---- --exclude-from / --include-from --------------------------------

    void readsFilterFiles()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("rules.txt");
        fgtest::writeFile(path,
                          "# build output\n"
                          "*.o\n"
                          "\n"
                          "; also a comment\n"
                          "+ keep.o\n"
                          "- /build/\n"
                          "+ src/**\n"
                          "-not-a-prefix\n"
                          "+no-space\n"
                          "  leading spaces\n"
                          "last-without-newline");
        auto specs = fg::readFilterFile(path, Kind::Exclude);
        QVERIFY2(specs.ok(), specs.ok() ? "" : specs.error().message.c_str());
        const std::vector<fg::FilterSpec> expected = {
            {Kind::Exclude, "*.o"},
            {Kind::Include, "keep.o"},
            {Kind::Exclude, "/build/"},
            {Kind::Include, "src/**"},
            {Kind::Exclude, "-not-a-prefix"},
            {Kind::Exclude, "+no-space"},
            {Kind::Exclude, "  leading spaces"},
            {Kind::Exclude, "last-without-newline"},
        };
        QCOMPARE(specs->size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(int((*specs)[i].kind), int(expected[i].kind));
            QCOMPARE((*specs)[i].pattern, expected[i].pattern);
        }
    }

    void filterFileDefaultKindInclude()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("include.txt");
        fgtest::writeFile(path, "*.txt\n- *.tmp\n");
        auto specs = fg::readFilterFile(path, Kind::Include);
        QVERIFY(specs.ok());
        QCOMPARE(specs->size(), size_t(2));
        QVERIFY(((*specs)[0] == fg::FilterSpec{Kind::Include, "*.txt"}));
        QVERIFY(((*specs)[1] == fg::FilterSpec{Kind::Exclude, "*.tmp"}));
    }

    void filterFileToleratesCrlfAndBom()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("windows.txt");
        fgtest::writeFile(path, "\xEF\xBB\xBF*.bak\r\n\r\n# note\r\n+ Thumbs.db\r\n");
        auto specs = fg::readFilterFile(path, Kind::Exclude);
        QVERIFY(specs.ok());
        QCOMPARE(specs->size(), size_t(2));
        QVERIFY(((*specs)[0] == fg::FilterSpec{Kind::Exclude, "*.bak"}));
        QVERIFY(((*specs)[1] == fg::FilterSpec{Kind::Include, "Thumbs.db"}));
    }

    void filterFileEmptyGivesNoRules()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("empty.txt");
        fgtest::writeFile(path, "");
        auto specs = fg::readFilterFile(path, Kind::Exclude);
        QVERIFY(specs.ok());
        QVERIFY(specs->empty());
    }

    void filterFileBadPatternNamesTheLine()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("bad.txt");
        fgtest::writeFile(path, "*.o\n# comment\nsrc/[abc\n");
        auto specs = fg::readFilterFile(path, Kind::Exclude);
        QVERIFY(!specs.ok());
        QCOMPARE(specs.error().code, fg::Errc::InvalidArgument);
        const std::string& message = specs.error().message;
        QVERIFY2(contains(message, "--exclude-from " + path + " line 3"), message.c_str());
        QVERIFY2(contains(message, "unterminated '['"), message.c_str());
    }

    void filterFileEmptyPrefixedPattern()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("bad.txt");
        fgtest::writeFile(path, "+ \n");
        auto specs = fg::readFilterFile(path, Kind::Include);
        QVERIFY(!specs.ok());
        QVERIFY2(contains(specs.error().message, "--include-from " + path + " line 1"), specs.error().message.c_str());
        QVERIFY2(contains(specs.error().message, "empty pattern"), specs.error().message.c_str());
    }

    void filterFileMissing()
    {
        fgtest::ScratchDir dir("fgtest-options");
        auto specs = fg::readFilterFile(dir.sub("nope.txt"), Kind::Exclude);
        QVERIFY(!specs.ok());
        QCOMPARE(specs.error().code, fg::Errc::NotFound);
        QVERIFY2(specs.error().message.starts_with("--exclude-from: "), specs.error().message.c_str());
        QVERIFY2(contains(specs.error().message, "nope.txt"), specs.error().message.c_str());
    }

    // ---- --files-from ----------------------------------------------------

    void readsFilesFrom()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("list.txt");
        fgtest::writeFile(path, "a/b.txt\n\nphotos/\n# not a comment\n  spaced name \nlast");
        auto paths = fg::readFilesFrom(path);
        QVERIFY(paths.ok());
        const std::vector<std::string> expected = {"a/b.txt", "photos/", "# not a comment", "  spaced name ", "last"};
        QCOMPARE(*paths, expected);
    }

    void filesFromCrlf()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("list.txt");
        fgtest::writeFile(path, "a\r\nb/c\r\n\r\n");
        auto paths = fg::readFilesFrom(path);
        QVERIFY(paths.ok());
        const std::vector<std::string> expected = {"a", "b/c"};
        QCOMPARE(*paths, expected);
    }

    void filesFromNulSeparated()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("list0");
        // As from `find . -print0`: names may hold newlines and carriage returns.
        fgtest::writeFile(path, "./a\0b\nwith newline\0\0c\r\0"s);
        auto paths = fg::readFilesFrom(path);
        QVERIFY(paths.ok());
        const std::vector<std::string> expected = {"./a", "b\nwith newline", "c\r"};
        QCOMPARE(*paths, expected);
    }

    void filesFromEmpty()
    {
        fgtest::ScratchDir dir("fgtest-options");
        const std::string path = dir.sub("empty");
        fgtest::writeFile(path, "\n\n");
        auto paths = fg::readFilesFrom(path);
        QVERIFY(paths.ok());
        QVERIFY(paths->empty());
    }

    void filesFromMissing()
    {
        fgtest::ScratchDir dir("fgtest-options");
        auto paths = fg::readFilesFrom(dir.sub("nope"));
        QVERIFY(!paths.ok());
        QCOMPARE(paths.error().code, fg::Errc::NotFound);
        QVERIFY2(paths.error().message.starts_with("--files-from: "), paths.error().message.c_str());
        auto stdinPath = fg::readFilesFrom("-");
        QVERIFY(!stdinPath.ok());
        QCOMPARE(stdinPath.error().code, fg::Errc::InvalidArgument);
    }

    // ---- --bwlimit --------------------------------------------------------

    void parsesRates_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bytesPerSec");
        const quint64 K = 1024;
        const quint64 M = K * K;
        const quint64 G = M * K;
        QTest::newRow("zero") << QStringLiteral("0") << quint64(0);
        QTest::newRow("zero with unit") << QStringLiteral("0M") << quint64(0);
        QTest::newRow("bare is KiB") << QStringLiteral("100") << 100 * K;
        QTest::newRow("bare fraction") << QStringLiteral("1.5") << quint64(1536);
        QTest::newRow("K") << QStringLiteral("500K") << 500 * K;
        QTest::newRow("k") << QStringLiteral("500k") << 500 * K;
        QTest::newRow("M") << QStringLiteral("10M") << 10 * M;
        QTest::newRow("m per s") << QStringLiteral("20m/s") << 20 * M;
        QTest::newRow("MB") << QStringLiteral("100MB") << 100 * M;
        QTest::newRow("MiB") << QStringLiteral("100MiB") << 100 * M;
        QTest::newRow("MiB per s") << QStringLiteral("100MiB/s") << 100 * M;
        QTest::newRow("mib lower") << QStringLiteral("100mib") << 100 * M;
        QTest::newRow("G fraction") << QStringLiteral("1.5G") << 3 * G / 2;
        QTest::newRow("GB") << QStringLiteral("2GB") << 2 * G;
        QTest::newRow("T") << QStringLiteral("1T") << 1024 * G;
        QTest::newRow("bytes") << QStringLiteral("512B") << quint64(512);
        QTest::newRow("bytes per s") << QStringLiteral("512b/s") << quint64(512);
        QTest::newRow("leading dot") << QStringLiteral(".5M") << M / 2;
        QTest::newRow("spaces") << QStringLiteral(" 20 M ") << 20 * M;
        QTest::newRow("quarter") << QStringLiteral("0.25M") << M / 4;
        QTest::newRow("seventh digit dropped") << QStringLiteral("1.0000009K") << K;
        QTest::newRow("fraction truncates") << QStringLiteral("1.0001") << quint64(1024);
        QTest::newRow("leading zeros") << QStringLiteral("007k") << 7 * K;
    }
    void parsesRates()
    {
        QFETCH(QString, text);
        QFETCH(quint64, bytesPerSec);
        auto rate = fg::parseRate(text.toStdString());
        QVERIFY2(rate.ok(), rate.ok() ? "" : rate.error().message.c_str());
        QCOMPARE(quint64(*rate), bytesPerSec);
    }

    void refusesBadRates_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        const QString unreadable = QStringLiteral("cannot read");
        QTest::newRow("word") << QStringLiteral("abc") << unreadable;
        QTest::newRow("empty") << QString() << unreadable;
        QTest::newRow("blank") << QStringLiteral("  ") << unreadable;
        QTest::newRow("negative") << QStringLiteral("-5M") << unreadable;
        QTest::newRow("plus") << QStringLiteral("+5M") << unreadable;
        QTest::newRow("unit only") << QStringLiteral("M") << unreadable;
        QTest::newRow("bad unit") << QStringLiteral("10X") << unreadable;
        QTest::newRow("bad suffix") << QStringLiteral("10Mbit") << unreadable;
        QTest::newRow("two dots") << QStringLiteral("1.2.3") << unreadable;
        QTest::newRow("dangling dot") << QStringLiteral("5.") << unreadable;
        QTest::newRow("exponent") << QStringLiteral("1e6") << unreadable;
        QTest::newRow("per minute") << QStringLiteral("5M/m") << unreadable;
        QTest::newRow("bytes spelled bib") << QStringLiteral("5bib") << unreadable;
        QTest::newRow("overflow") << QStringLiteral("99999999999999999999") << QStringLiteral("too large");
        QTest::newRow("overflow by unit") << QStringLiteral("99999999999T") << QStringLiteral("too large");
        QTest::newRow("below a byte") << QStringLiteral("0.5b") << QStringLiteral("less than one byte");
        QTest::newRow("below a byte, many digits") << QStringLiteral("0.0000001") << QStringLiteral("less than one byte");
    }
    void refusesBadRates()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        auto rate = fg::parseRate(text.toStdString());
        QVERIFY(!rate.ok());
        QCOMPARE(rate.error().code, fg::Errc::InvalidArgument);
        const std::string& message = rate.error().message;
        QVERIFY2(message.starts_with("--bwlimit: "), message.c_str());
        QVERIFY2(contains(message, "'" + text.toStdString() + "'"), message.c_str());
        QVERIFY2(contains(message, why.toStdString()), message.c_str());
    }

    void rateMessageShowsAnExample()
    {
        auto rate = fg::parseRate("abc");
        QVERIFY(!rate.ok());
        QCOMPARE(rate.error().message,
                 std::string("--bwlimit: cannot read 'abc' as a rate; use a number with K, M or G, e.g. 20M"));
    }

    // ---- validateOptions ---------------------------------------------------

    void parsesFsyncModes()
    {
        QVERIFY(fg::parseFsyncMode("end").value() == fg::FsyncMode::End);
        QVERIFY(fg::parseFsyncMode("file").value() == fg::FsyncMode::File);
        QVERIFY(fg::parseFsyncMode("none").value() == fg::FsyncMode::None);
        auto bad = fg::parseFsyncMode("always");
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.find("--fsync") != std::string::npos);
        QVERIFY(bad.error().message.find("'always'") != std::string::npos);
        QVERIFY(fg::SyncOptions{}.transfer.fsync == fg::FsyncMode::End);
    }

    void parsesCompressSpecs()
    {
        using fg::CompressMode;
        QVERIFY((fg::parseCompress("none").value() == fg::CompressSpec{CompressMode::None, 3}));
        QVERIFY((fg::parseCompress("lz4").value() == fg::CompressSpec{CompressMode::Lz4, 3}));
        QVERIFY((fg::parseCompress("auto").value() == fg::CompressSpec{CompressMode::Auto, 3}));
        QVERIFY((fg::parseCompress("zstd").value() == fg::CompressSpec{CompressMode::Zstd, fg::kDefaultZstdLevel}));
        QVERIFY((fg::parseCompress("zstd:1").value() == fg::CompressSpec{CompressMode::Zstd, 1}));
        QVERIFY((fg::parseCompress("zstd:19").value() == fg::CompressSpec{CompressMode::Zstd, 19}));
        QVERIFY((fg::parseCompress("zstd:-7").value() == fg::CompressSpec{CompressMode::Zstd, -7}));
        QVERIFY(fg::SyncOptions{}.transfer.compress.mode == CompressMode::None);
        // compressText gives back what parseCompress takes.
        for (const char* text : {"none", "lz4", "auto", "zstd:1", "zstd:-7", "zstd:19"})
            QCOMPARE(fg::compressText(fg::parseCompress(text).value()), std::string(text));
        QCOMPARE(fg::compressText(fg::parseCompress("zstd").value()), std::string("zstd:3"));
        // A spec built in code (the GUI) is checked as the CLI's text is.
        fg::SyncOptions o;
        for (int level : {0, 20, -8}) {
            o.transfer.compress = fg::CompressSpec{CompressMode::Zstd, level};
            auto st = fg::validateOptions(o);
            QVERIFY(!st.ok());
            QVERIFY2(st.error().message.find("--compress") != std::string::npos, st.error().message.c_str());
        }
        o.transfer.compress = fg::CompressSpec{CompressMode::Zstd, -1};
        QVERIFY(fg::validateOptions(o).ok());
    }

    void refusesBadCompressSpecs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown") << QStringLiteral("gzip")
                                 << QStringLiteral("unknown compression 'gzip'; choose zstd[:LEVEL], lz4, none or auto");
        QTest::newRow("empty") << QStringLiteral("") << QStringLiteral("unknown compression ''");
        QTest::newRow("upper case") << QStringLiteral("ZSTD") << QStringLiteral("unknown compression 'ZSTD'");
        QTest::newRow("level too high") << QStringLiteral("zstd:20") << QStringLiteral("zstd level 20 is not in 1..19");
        QTest::newRow("level too low") << QStringLiteral("zstd:-8") << QStringLiteral("-7..-1");
        QTest::newRow("level zero") << QStringLiteral("zstd:0") << QStringLiteral("zstd level 0");
        QTest::newRow("level huge") << QStringLiteral("zstd:99999999999") << QStringLiteral("zstd level 99999999999");
        QTest::newRow("level missing") << QStringLiteral("zstd:") << QStringLiteral("must be a number");
        QTest::newRow("level not a number") << QStringLiteral("zstd:fast") << QStringLiteral("must be a number");
        QTest::newRow("level trailing junk") << QStringLiteral("zstd:3x") << QStringLiteral("must be a number");
        QTest::newRow("level plus sign") << QStringLiteral("zstd:+3") << QStringLiteral("must be a number");
        QTest::newRow("lz4 with level") << QStringLiteral("lz4:9") << QStringLiteral("only zstd takes a level");
        QTest::newRow("auto with level") << QStringLiteral("auto:5") << QStringLiteral("only zstd takes a level");
    }
    void refusesBadCompressSpecs()
    {
        QFETCH(QString, text);
        QFETCH(QString, mentions);
        auto spec = fg::parseCompress(text.toStdString());
        QVERIFY(!spec.ok());
        QCOMPARE(int(spec.error().code), int(fg::Errc::InvalidArgument));
        QVERIFY2(contains(spec.error().message, "--compress: "), spec.error().message.c_str());
        QVERIFY2(contains(spec.error().message, mentions.toStdString()), spec.error().message.c_str());
    }

    void parsesCipherChoices()
    {
        QVERIFY(fg::parseCipherChoice("auto").value() == fg::CipherChoice::Auto);
        QVERIFY(fg::parseCipherChoice("aes128-gcm").value() == fg::CipherChoice::Aes128Gcm);
        QVERIFY(fg::parseCipherChoice("aes256-gcm").value() == fg::CipherChoice::Aes256Gcm);
        QVERIFY(fg::parseCipherChoice("chacha20-poly1305").value() == fg::CipherChoice::Chacha20Poly1305);
        QVERIFY(fg::parseCipherChoice("none").value() == fg::CipherChoice::None);
        for (const char* bad : {"", "AES128-GCM", "aes", "chacha20", "TLS_AES_128_GCM_SHA256", "off"}) {
            auto parsed = fg::parseCipherChoice(bad);
            QVERIFY2(!parsed.ok(), bad);
            QCOMPARE(parsed.error().code, fg::Errc::InvalidArgument);
            QVERIFY(parsed.error().message.find("--cipher: '" + std::string(bad) + "'") == 0);
            QVERIFY(parsed.error().message.find("chacha20-poly1305") != std::string::npos);
        }
        QVERIFY(fg::SyncOptions{}.cipher == fg::CipherChoice::Auto);
    }

    // It lands on ssh's command line: a name, a list of names, never an option.
    void sshCipherIsOnePlainWord()
    {
        for (const char* good : {"", "aes128-ctr", "aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com",
                                 "aes256-ctr,aes128-ctr", "3des-cbc"}) {
            QVERIFY2(fg::checkSshCipher(good).ok(), good);
        }
        for (const char* bad : {"-oProxyCommand=x", ",aes128-ctr", "aes128-ctr nas", "aes;rm", "a\nb", "aes$(x)",
                                "aes'", "aes\\"}) {
            auto st = fg::checkSshCipher(bad);
            QVERIFY2(!st.ok(), bad);
            QVERIFY(st.error().message.rfind("--ssh-cipher: ", 0) == 0);
        }
        QVERIFY(!fg::checkSshCipher(std::string(300, 'a')).ok());
        fg::SyncOptions options;
        options.sshCipher = "-x";
        QVERIFY(!fg::validateOptions(options).ok());
        options.sshCipher = "aes128-ctr";
        QVERIFY(fg::validateOptions(options).ok());
    }

    void defaultsAreValid()
    {
        QVERIFY(fg::validateOptions(fg::SyncOptions{}).ok());
    }

    void validOptions()
    {
        fg::SyncOptions options;
        options.transfer.deleteExtraneous = true;
        options.transfer.filters = {{Kind::Include, "*/"}, {Kind::Include, "*.txt"}, {Kind::Exclude, "*"}};
        options.transfer.modifyWindowNs = 2'000'000'000;
        QVERIFY(fg::validateOptions(options).ok());

        fg::SyncOptions listed;
        listed.transfer.filesFrom = {"./a", "b/c/"};
        QVERIFY(fg::validateOptions(listed).ok());
        listed.transfer.filesFrom.emplace(); // an empty list selects nothing, which is allowed
        QVERIFY(fg::validateOptions(listed).ok());
    }

    void refusesBadFilter()
    {
        fg::SyncOptions options;
        options.transfer.filters = {{Kind::Exclude, "*.o"}, {Kind::Include, "[oops"}};
        auto st = fg::validateOptions(options);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, fg::Errc::InvalidArgument);
        QVERIFY2(st.error().message.starts_with("--include pattern '[oops'"), st.error().message.c_str());
    }

    void refusesBadFilesFrom()
    {
        fg::SyncOptions options;
        options.transfer.filesFrom = {"ok", "../../etc/shadow"};
        auto st = fg::validateOptions(options);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, fg::Errc::InvalidArgument);
        QVERIFY2(st.error().message.starts_with("--files-from entry 2: "), st.error().message.c_str());
        QVERIFY2(contains(st.error().message, "../../etc/shadow"), st.error().message.c_str());

        // Without --files-from there is no list to look at.
        options.transfer.filesFrom.reset();
        QVERIFY(fg::validateOptions(options).ok());
    }

    void refusesDeleteWithFilesFrom()
    {
        fg::SyncOptions options;
        options.transfer.deleteExtraneous = true;
        options.transfer.filesFrom = {"a"};
        auto st = fg::validateOptions(options);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, fg::Errc::InvalidArgument);
        const std::string& message = st.error().message;
        QVERIFY2(contains(message, "--delete") && contains(message, "--files-from"), message.c_str());
        QVERIFY2(contains(message, "deleted"), message.c_str());        // why
        QVERIFY2(contains(message, "Drop --delete"), message.c_str()); // what to do
    }

    // A plain rate is a timetable of one rule that always matches.
    void aPlainRateIsAConstantSchedule()
    {
        auto plain = fg::parseRateSchedule("20M");
        QVERIFY(plain.ok());
        QCOMPARE(plain->constantRate(), std::optional<uint64_t>(20u << 20));
        QVERIFY(*plain == fg::RateSchedule::constant(20u << 20));
        QCOMPARE(fg::RateSchedule{}.constantRate(), std::optional<uint64_t>(0)); // none: unlimited
        QVERIFY(fg::RateSchedule::constant(0).empty());
        auto timetable = fg::parseRateSchedule("Mon-Fri 08:00-18:00 20M, 100M");
        QVERIFY(timetable.ok());
        QVERIFY(!timetable->constantRate());
        // A first rule that always matches decides whatever follows it.
        auto shadowed = fg::parseRateSchedule("5M, Mon 10M");
        QVERIFY(shadowed.ok());
        QCOMPARE(shadowed->constantRate(), std::optional<uint64_t>(5u << 20));
    }

    // How a job reaches its far end, and what it runs with, as both front
    // ends ask it.
    void aJobsReachAndEffectiveOptions()
    {
        QVERIFY(fg::jobReach("/a/", "/b") == fg::JobReach::Local);
        QVERIFY(fg::jobReach("/a/", "floodgate://nas/m/b") == fg::JobReach::Daemon);
        QVERIFY(fg::jobReach("nas:/a/", "/b") == fg::JobReach::Ssh);
        QVERIFY(fg::jobReach("nas:/a/", "floodgate://nas/m") == fg::JobReach::Unknown); // both remote
        QVERIFY(fg::jobReach("floodgate://", "/b") == fg::JobReach::Unknown);        // does not parse
        fg::JobSpec spec{"/a/", "/b", {}};
        spec.options.transfer.compress = fg::CompressSpec{fg::CompressMode::Zstd, 3};
        QVERIFY(fg::effectiveOptions(spec).transfer.compress == fg::CompressSpec{}); // nothing on a network
        spec.destination = "floodgate://nas/m/b";
        QVERIFY(fg::effectiveOptions(spec).transfer.compress == spec.options.transfer.compress);
    }

    void refusesNegativeModifyWindow()
    {
        fg::SyncOptions options;
        options.transfer.modifyWindowNs = -1;
        auto st = fg::validateOptions(options);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, fg::Errc::InvalidArgument);
        QVERIFY2(st.error().message.starts_with("--modify-window"), st.error().message.c_str());
        options.transfer.modifyWindowNs = 0;
        QVERIFY(fg::validateOptions(options).ok());
    }

    void aBottleneckFixIsAppliedAsASetting()
    {
        fg::SyncOptions o;
        QVERIFY(fg::applyOptionSetting(o, "--streams 4").ok());
        QCOMPARE(o.streams, 4u);
        QVERIFY(fg::applyOptionSetting(o, "--compress zstd:1").ok());
        QCOMPARE(fg::compressText(o.transfer.compress), std::string("zstd:1"));
        QVERIFY(fg::applyOptionSetting(o, "--cipher aes128-gcm").ok());
        QVERIFY(o.cipher == fg::CipherChoice::Aes128Gcm);
        QVERIFY(fg::applyOptionSetting(o, "--congestion bbr").ok());
        QCOMPARE(o.transfer.congestion, std::string("bbr"));
        QVERIFY(fg::applyOptionSetting(o, "--checksum-choice xxh128").ok());
        QVERIFY(fg::applyOptionSetting(o, "--fsync end").ok());
        QVERIFY(o.transfer.fsync == fg::FsyncMode::End);
        QVERIFY(fg::applyOptionSetting(o, "--whole-file").ok());
        QVERIFY(o.transfer.wholeFile == fg::WholeFileMode::Always);
        QVERIFY(fg::applyOptionSetting(o, "--chunk-size 8M").ok());
        QCOMPARE(o.transfer.chunkSize, uint64_t(8) << 20);
        QVERIFY(!fg::applyOptionSetting(o, "--chunk-size 0").ok());
        // A bad value names the option; an unknown setting lists those it takes.
        const auto bad = fg::applyOptionSetting(o, "--streams many");
        QVERIFY(!bad.ok() && bad.error().message.find("--streams") != std::string::npos);
        QCOMPARE(o.streams, 4u); // left as it was
        const auto unknown = fg::applyOptionSetting(o, "--bwlimit 10M");
        QVERIFY(!unknown.ok() && unknown.error().message.find("--compress SPEC") != std::string::npos);
        QVERIFY(!fg::applyOptionSetting(o, "--compress").ok());
    }
};

QTEST_GUILESS_MAIN(TestOptions)
#include "test_options.moc"
