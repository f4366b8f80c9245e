#include "common/path.h"

#include <QTest>

class TestPath : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void acceptsRelativePaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("one") << QStringLiteral("a");
        QTest::newRow("deep") << QStringLiteral("a/b/c.txt");
        QTest::newRow("dots in name") << QStringLiteral("a/..b/c..");
        QTest::newRow("utf8") << QStringLiteral("fotos/straße/日本.jpg");
        QTest::newRow("hidden") << QStringLiteral(".config/x");
    }
    void acceptsRelativePaths()
    {
        QFETCH(QString, path);
        QVERIFY(fg::validateRelativePath(path.toStdString()).ok());
    }

    // Legal names on Linux are not hostile: whether a destination can hold
    // them is decided there, per file.
    void acceptsEveryLegalLinuxName_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::newRow("systemd unit with a backslash") << QByteArray("system/system-systemd\\x2dcryptsetup.slice");
        QTest::newRow("backslash dots") << QByteArray("a\\..\\b");
        QTest::newRow("latin-1 name") << QByteArray("caf\xe9.txt");
        QTest::newRow("overlong utf8") << QByteArray("\xc0\xaf");
        QTest::newRow("control character") << QByteArray("tab\there");
    }
    void acceptsEveryLegalLinuxName()
    {
        QFETCH(QByteArray, path);
        QVERIFY(fg::validateRelativePath(std::string_view(path.constData(), size_t(path.size()))).ok());
    }

    void refusesHostilePaths_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("absolute") << QByteArray("/etc/passwd");
        QTest::newRow("dotdot") << QByteArray("../x");
        QTest::newRow("inner dotdot") << QByteArray("a/../../x");
        QTest::newRow("trailing dotdot") << QByteArray("a/..");
        QTest::newRow("dot") << QByteArray("./a");
        QTest::newRow("double slash") << QByteArray("a//b");
        QTest::newRow("trailing slash") << QByteArray("a/");
        QTest::newRow("nul") << QByteArray("a\0b", 3);
        QTest::newRow("long name") << QByteArray(256, 'x');
        QTest::newRow("long path") << QByteArray(QByteArray("a/").repeated(2049));
    }
    void refusesHostilePaths()
    {
        QFETCH(QByteArray, path);
        auto st = fg::validateRelativePath(std::string_view(path.constData(), size_t(path.size())));
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, fg::Errc::UnsafePath);
        QVERIFY(st.error().message.find("refused path") != std::string::npos);
    }

    void splitsAndJoins()
    {
        QCOMPARE(fg::parentOf("a/b/c"), std::string_view("a/b"));
        QCOMPARE(fg::parentOf("c"), std::string_view());
        QCOMPARE(fg::baseName("a/b/c"), std::string_view("c"));
        QCOMPARE(fg::joinPath("a", "b"), std::string("a/b"));
        QCOMPARE(fg::joinPath("", "b"), std::string("b"));
        QCOMPARE(fg::localBaseName("/x/y/"), std::string("y"));
        QCOMPARE(fg::localDirName("/x/y/"), std::string("/x"));
        QCOMPARE(fg::localDirName("y"), std::string("."));
        QCOMPARE(fg::splitPath("a/b/c").size(), size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestPath)
#include "test_path.moc"
