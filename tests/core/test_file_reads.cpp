// FileHandle::readExpecting: a read of a file whose size is known stops once
// that much is in, without the extra call that would only find the end.

#include "platform/fs.h"

#include <QTest>

#include <unistd.h>

#include <array>
#include <cstring>

class TestFileReads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stopsAtTheExpectedSizeWithoutAnotherRead()
    {
        // A pipe whose writer stays open: a second read would block forever,
        // so returning at all proves it did not ask again.
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        fg::platform::FileHandle reader(fds[0], "pipe");
        const char text[] = "hello";
        QCOMPARE(::write(fds[1], text, 5), ssize_t(5));
        std::array<char, 64> buffer{};
        auto got = reader.readExpecting(buffer.data(), buffer.size(), 5);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(5));
        QCOMPARE(std::memcmp(buffer.data(), text, 5), 0);
        // Nothing expected: no read at all, even with bytes waiting.
        QCOMPARE(::write(fds[1], text, 5), ssize_t(5));
        got = reader.readExpecting(buffer.data(), buffer.size(), 0);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(0));
        ::close(fds[1]);
    }

    void readsOnWhenTheFileIsNotTheExpectedSize()
    {
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        fg::platform::FileHandle reader(fds[0], "pipe");
        QCOMPARE(::write(fds[1], "abc", 3), ssize_t(3));
        QCOMPARE(::write(fds[1], "defg", 4), ssize_t(4));
        ::close(fds[1]);
        std::array<char, 64> buffer{};
        // Smaller than it is: everything up to the end still comes.
        auto got = reader.readExpecting(buffer.data(), buffer.size(), 2);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(7));
        QCOMPARE(std::memcmp(buffer.data(), "abcdefg", 7), 0);
    }

    void neverMoreThanAsked()
    {
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        fg::platform::FileHandle reader(fds[0], "pipe");
        QCOMPARE(::write(fds[1], "abcdefg", 7), ssize_t(7));
        ::close(fds[1]);
        std::array<char, 4> buffer{};
        auto got = reader.readExpecting(buffer.data(), buffer.size(), 7);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(4));
        got = reader.readExpecting(buffer.data(), buffer.size(), 3);
        QVERIFY(got.ok());
        QCOMPARE(*got, size_t(3));
        QCOMPARE(std::memcmp(buffer.data(), "efg", 3), 0);
    }
};

QTEST_GUILESS_MAIN(TestFileReads)
#include "test_file_reads.moc"
