// Small files read many at a time (platform/small_file_reads.h): the batched
// reader (io_uring, where this kernel has it) and the one-at-a-time reader
// must come to the same thing for every kind of file a batch can meet,
// including the ones that took a listed file's name since the scan.
#include "platform/fs.h"
#include "platform/small_file_reads.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#include <string>
#include <vector>

#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace fg;
using namespace fg::platform;

namespace {

void writeFile(const DirHandle& dir, const std::string& name, const std::string& text, uint32_t mode = 0644)
{
    auto file = dir.createExclusive(name, mode);
    QVERIFY(file.ok());
    QVERIFY(file->writeAll(text.data(), text.size()).ok());
    QVERIFY(file->close().ok());
}

// What a reader made of one file, in a form two readers can be compared by.
struct Seen {
    std::string what; // "file <bytes>", "not regular", or the error's kind
    bool operator==(const Seen&) const = default;
};

std::vector<Seen> readAll(SmallFileReader& reader, const DirHandle& dir, const std::vector<std::string>& names,
                          size_t size)
{
    std::vector<std::string> buffers(names.size(), std::string(size, '\0'));
    std::vector<SmallRead> batch(names.size());
    for (size_t i = 0; i < names.size(); ++i) {
        batch[i].name = names[i];
        batch[i].buffer = reinterpret_cast<uint8_t*>(buffers[i].data());
        batch[i].size = size;
    }
    reader.readBatch(dir, batch);
    std::vector<Seen> out;
    for (size_t i = 0; i < names.size(); ++i) {
        const SmallRead& r = batch[i];
        if (!r.info.ok()) out.push_back({std::string("error ") + errcName(r.info.error().code)});
        else if (r.info->type != FileType::Regular) out.push_back({"not regular"});
        else if (!r.got.ok()) out.push_back({std::string("read error ") + errcName(r.got.error().code)});
        else out.push_back({"file " + buffers[i].substr(0, *r.got)});
    }
    return out;
}

} // namespace

class TestSmallFileReads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bothReadersAgreeOnEveryKindOfEntry()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tmp.path().toStdString());
        QVERIFY(dir.ok());
        writeFile(*dir, "short", "abc");
        writeFile(*dir, "exact", "0123456789");
        writeFile(*dir, "longer", "0123456789 and more: read as listed");
        writeFile(*dir, "empty", "");
        writeFile(*dir, "private", "mode 0600", 0600);
        QVERIFY(dir->mkdirAt("folder", 0755).ok());
        std::vector<std::string> names = {"short", "exact", "longer", "empty", "private", "folder", "missing"};
#ifndef _WIN32
        const std::string root = tmp.path().toStdString();
        QCOMPARE(::symlink("short", (root + "/link").c_str()), 0);
        QCOMPARE(::mkfifo((root + "/fifo").c_str(), 0644), 0);
        names.insert(names.end(), {"link", "fifo"});
#endif
        auto plain = SmallFileReader::plain();
        auto batched = SmallFileReader::create();
        const auto expected = readAll(*plain, *dir, names, 10);
        const auto got = readAll(*batched, *dir, names, 10);
        QCOMPARE(expected.size(), names.size());
        QCOMPARE(expected[0].what, std::string("file abc"));
        QCOMPARE(expected[1].what, std::string("file 0123456789"));
        QCOMPARE(expected[2].what, std::string("file 0123456789"));
        QCOMPARE(expected[3].what, std::string("file "));
        QCOMPARE(expected[5].what, std::string("not regular"));
        QCOMPARE(expected[6].what, std::string("error not-found"));
#ifndef _WIN32
        QCOMPARE(expected[7].what, std::string("error unsafe-path"));
        QCOMPARE(expected[8].what, std::string("not regular")); // opened without waiting for a writer
#endif
        for (size_t i = 0; i < names.size(); ++i)
            QVERIFY2(got[i] == expected[i],
                     qPrintable(QString::fromStdString(names[i] + ": " + got[i].what + " (plain: " + expected[i].what
                                                       + ") with the reader " + batched->describe())));
    }

    // The metadata is the open file's (fstat), as the one-at-a-time path had it.
    void metadataIsTheOpenFiles()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tmp.path().toStdString());
        QVERIFY(dir.ok());
        writeFile(*dir, "f", "data", 0640);
        QVERIFY(dir->setModifyTimeAt("f", 1600000000123456789LL).ok());
        auto batched = SmallFileReader::create();
        std::string buffer(16, '\0');
        SmallRead r;
        r.name = "f";
        r.buffer = reinterpret_cast<uint8_t*>(buffer.data());
        r.size = buffer.size();
        batched->readBatch(*dir, {&r, 1});
        QVERIFY(r.info.ok());
        QCOMPARE(r.info->size, uint64_t(4));
        QCOMPARE(r.info->mtimeNs, dir->statAt("f")->mtimeNs);
        QCOMPARE(r.info->mode, dir->statAt("f")->mode);
        QVERIFY(r.got.ok());
        QCOMPARE(*r.got, size_t(4));
    }

    // A batch bigger than a ring's worth, and more files than descriptors a
    // process is usually let have open at once are read one batch after
    // another, every descriptor closed.
    void manyBatchesLeaveNoDescriptorOpen()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tmp.path().toStdString());
        QVERIFY(dir.ok());
        std::vector<std::string> names;
        for (int i = 0; i < 300; ++i) {
            names.push_back("f" + std::to_string(i));
            writeFile(*dir, names.back(), std::to_string(i));
        }
        auto batched = SmallFileReader::create();
        for (int round = 0; round < 10; ++round) {
            const auto got = readAll(*batched, *dir, names, 8);
            for (int i = 0; i < 300; ++i) QCOMPARE(got[size_t(i)].what, "file " + std::to_string(i));
        }
#ifndef _WIN32
        // 3,000 files opened: a leak of one a file would have used most of a
        // usual limit of 1,024; the next descriptor is still a low one.
        const int probe = ::dup(0);
        QVERIFY2(probe >= 0 && probe < 64, qPrintable(QString::number(probe)));
        ::close(probe);
#endif
    }

#ifndef _WIN32
    // io_uring where the kernel has it, and the plain way when told not to:
    // both are chosen at run time, and say which they are.
    void saysWhichWayItReads()
    {
        ::setenv("FLOODGATE_NO_IO_URING", "1", 1);
        auto off = SmallFileReader::create();
        ::unsetenv("FLOODGATE_NO_IO_URING");
        QVERIFY2(off->describe().find("one file at a time") != std::string::npos, off->describe().c_str());
        QVERIFY2(off->describe().find("FLOODGATE_NO_IO_URING") != std::string::npos, off->describe().c_str());
        auto chosen = SmallFileReader::create();
        qInfo("this machine reads small files %s", chosen->describe().c_str());
        // scripts/install-deps.sh installs liburing: a build without it here
        // would test the plain way twice and the batched one never.
        QVERIFY2(chosen->describe().find("built without") == std::string::npos, chosen->describe().c_str());
    }
#endif
};

QTEST_GUILESS_MAIN(TestSmallFileReads)
#include "test_small_file_reads.moc"
