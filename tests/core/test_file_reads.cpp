// FileHandle::readExpecting: a read of a file whose size is known stops once
// that much is in, without the extra call that would only find the end.

#include "platform/fs.h"

#include <QTest>

#include <unistd.h>

#include <array>
#include <cstring>

namespace {

// A pipe to read from: a read that finds it empty while `writer` is open
// waits forever, which is what shows a read that was not needed.
struct Pipe {
    fg::platform::FileHandle reader;
    int writer = -1;

    Pipe()
    {
        int fds[2];
        if (::pipe(fds) != 0) qFatal("pipe() failed");
        reader = fg::platform::FileHandle(fds[0], "pipe");
        writer = fds[1];
    }
    ~Pipe() { closeWriter(); }
    bool write(const char* text) { return ::write(writer, text, std::strlen(text)) == ssize_t(std::strlen(text)); }
    void closeWriter()
    {
        if (writer >= 0) ::close(writer);
        writer = -1;
    }
};

} // namespace

class TestFileReads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stopsAtTheExpectedSizeWithoutAnotherRead()
    {
        // The writer stays open: returning at all proves it did not ask again.
        Pipe pipe;
        QVERIFY(pipe.write("hello"));
        std::array<char, 64> buffer{};
        auto got = pipe.reader.readExpecting(buffer.data(), buffer.size(), 5);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(5));
        QCOMPARE(std::memcmp(buffer.data(), "hello", 5), 0);
        // Nothing expected: no read at all, even with bytes waiting.
        QVERIFY(pipe.write("hello"));
        got = pipe.reader.readExpecting(buffer.data(), buffer.size(), 0);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(0));
    }

    void readsOnWhenTheFileIsNotTheExpectedSize()
    {
        Pipe pipe;
        QVERIFY(pipe.write("abc"));
        QVERIFY(pipe.write("defg"));
        pipe.closeWriter();
        std::array<char, 64> buffer{};
        // Smaller than it is: everything up to the end still comes.
        auto got = pipe.reader.readExpecting(buffer.data(), buffer.size(), 2);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(7));
        QCOMPARE(std::memcmp(buffer.data(), "abcdefg", 7), 0);
    }

    void neverMoreThanAsked()
    {
        Pipe pipe;
        QVERIFY(pipe.write("abcdefg"));
        pipe.closeWriter();
        std::array<char, 4> buffer{};
        auto got = pipe.reader.readExpecting(buffer.data(), buffer.size(), 7);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(4));
        got = pipe.reader.readExpecting(buffer.data(), buffer.size(), 3);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(3));
        QCOMPARE(std::memcmp(buffer.data(), "efg", 3), 0);
    }
};

QTEST_GUILESS_MAIN(TestFileReads)
#include "test_file_reads.moc"
