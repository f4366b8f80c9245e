#include "filter/files_from.h"

#include <QElapsedTimer>
#include <QTest>

#include <string>
#include <vector>

using Selection = fg::filter::FilesFromSet::Selection;

Q_DECLARE_METATYPE(Selection)

namespace {

std::vector<std::string> toStd(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list) out.push_back(s.toStdString());
    return out;
}

fg::filter::FilesFromSet compileOrFail(const std::vector<std::string>& paths)
{
    auto set = fg::filter::FilesFromSet::compile(paths);
    if (!set) {
        QTest::qFail(set.error().message.c_str(), __FILE__, __LINE__);
        return {};
    }
    return std::move(set).value();
}

} // namespace

class TestFilesFrom : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void selects_data()
    {
        QTest::addColumn<QStringList>("listed");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("isDir");
        QTest::addColumn<Selection>("expected");
        auto row = [](const char* name, QStringList listed, const char* path, bool isDir, Selection expected) {
            QTest::newRow(name) << listed << QString::fromUtf8(path) << isDir << expected;
        };
        const bool F = false;
        const bool D = true;
        const QStringList list = {QStringLiteral("docs/report.pdf"), QStringLiteral("photos/2024"),
                                  QStringLiteral("top.txt")};

        row("listed file", list, "docs/report.pdf", F, Selection::Listed);
        row("listed top file", list, "top.txt", F, Selection::Listed);
        row("listed dir", list, "photos/2024", D, Selection::Listed);
        row("inside listed dir", list, "photos/2024/jan/a.jpg", F, Selection::Listed);
        row("dir inside listed dir", list, "photos/2024/jan", D, Selection::Listed);
        row("ancestor", list, "docs", D, Selection::Ancestor);
        row("ancestor of dir", list, "photos", D, Selection::Ancestor);
        row("ancestor name as a file", list, "docs", F, Selection::NotSelected);
        row("sibling", list, "docs/other.pdf", F, Selection::NotSelected);
        row("sibling dir", list, "photos/2023", D, Selection::NotSelected);
        row("name prefix is not a parent", list, "photos/2024-old", D, Selection::NotSelected);
        row("name prefix of a file", list, "top.txt.bak", F, Selection::NotSelected);
        row("unrelated", list, "music/a.mp3", F, Selection::NotSelected);
        row("unrelated dir", list, "music", D, Selection::NotSelected);
        row("root", list, "", D, Selection::Ancestor);
        row("nothing listed: root", {}, "", D, Selection::NotSelected);
        row("nothing listed", {}, "a", F, Selection::NotSelected);

        // Entries are cleaned the way rsync cleans them.
        row("dot slash", {QStringLiteral("./a/b")}, "a/b", F, Selection::Listed);
        row("dot slash ancestor", {QStringLiteral("./a/b")}, "a", D, Selection::Ancestor);
        row("leading slash", {QStringLiteral("/a/b")}, "a/b", F, Selection::Listed);
        row("mixed leading", {QStringLiteral(".//./a")}, "a/x", F, Selection::Listed);
        row("trailing slash", {QStringLiteral("dir/")}, "dir/x", F, Selection::Listed);
        row("blank entries skipped", {QString(), QStringLiteral("a"), QString()}, "a", F, Selection::Listed);
        row("dot is the root", {QStringLiteral(".")}, "any/thing", F, Selection::Listed);
        row("dot slash is the root", {QStringLiteral("./")}, "x", D, Selection::Listed);
        row("slash is the root", {QStringLiteral("/")}, "", D, Selection::Listed);

        // Overlapping entries: the wider one wins.
        const QStringList nested = {QStringLiteral("a/b/c"), QStringLiteral("a")};
        row("nested: deep entry", nested, "a/b/c", F, Selection::Listed);
        row("nested: covered by parent", nested, "a/b", D, Selection::Listed);
        row("nested: parent's other child", nested, "a/z", F, Selection::Listed);
        const QStringList shared = {QStringLiteral("a/b/c"), QStringLiteral("a/b/d"), QStringLiteral("a/e")};
        row("shared ancestors", shared, "a/b", D, Selection::Ancestor);
        row("shared ancestors: second", shared, "a/b/d", F, Selection::Listed);
        row("shared ancestors: third", shared, "a/e", F, Selection::Listed);
        row("shared ancestors: not listed", shared, "a/b/e", F, Selection::NotSelected);

        row("utf8", {QStringLiteral("fotos/straße/日本.jpg")}, "fotos/straße", D, Selection::Ancestor);
    }
    void selects()
    {
        QFETCH(QStringList, listed);
        QFETCH(QString, path);
        QFETCH(bool, isDir);
        QFETCH(Selection, expected);
        auto set = compileOrFail(toStd(listed));
        QCOMPARE(set.select(path.toStdString(), isDir), expected);
    }

    void refusesUnsafeEntries_data()
    {
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QByteArray>("why");
        QTest::newRow("dotdot") << QByteArray("../etc/passwd") << QByteArray("'..' would leave the transfer root");
        QTest::newRow("inner dotdot") << QByteArray("a/../../b") << QByteArray("'..' would leave the transfer root");
        QTest::newRow("dot slash dotdot") << QByteArray("./..") << QByteArray("'..' would leave the transfer root");
        QTest::newRow("inner dot") << QByteArray("a/./b") << QByteArray("'.' component");
        QTest::newRow("double slash") << QByteArray("a//b") << QByteArray("empty component");
    }
    void refusesUnsafeEntries()
    {
        QFETCH(QByteArray, entry);
        QFETCH(QByteArray, why);
        // The bad entry is the third: blank ones count too, so the number
        // matches the list the caller passed.
        auto set = fg::filter::FilesFromSet::compile({"ok/one", "", entry.toStdString(), "ok/two"});
        QVERIFY(!set.ok());
        QCOMPARE(set.error().code, fg::Errc::InvalidArgument);
        const std::string& message = set.error().message;
        QVERIFY2(message.starts_with("--files-from entry 3: "), message.c_str());
        QVERIFY2(message.find(why.toStdString()) != std::string::npos, message.c_str());
    }

    void empty()
    {
        QVERIFY(fg::filter::FilesFromSet().empty());
        QVERIFY(compileOrFail({}).empty());
        QVERIFY(compileOrFail({"", ""}).empty());
        QVERIFY(!compileOrFail({"a"}).empty());
        QVERIFY(!compileOrFail({"."}).empty());
    }

    // 100k listed paths, then every one of them and as many unlisted ones
    // asked for: hash lookups, nothing quadratic.
    void largeListsAreFast()
    {
        std::vector<std::string> paths;
        for (int i = 0; i < 100000; ++i)
            paths.push_back("d" + std::to_string(i % 100) + "/e" + std::to_string(i % 1000) + "/f" + std::to_string(i));
        QElapsedTimer timer;
        timer.start();
        auto set = compileOrFail(paths);
        size_t listed = 0;
        size_t ancestors = 0;
        for (int i = 0; i < 100000; ++i) {
            listed += set.select(paths[size_t(i)], false) == Selection::Listed ? 1 : 0;
            listed += set.select("x" + std::to_string(i) + "/y", false) == Selection::Listed ? 1 : 0;
            ancestors += set.select("d" + std::to_string(i % 100) + "/e" + std::to_string(i % 1000), true)
                    == Selection::Ancestor ? 1 : 0;
        }
        QCOMPARE(listed, size_t(100000));
        QCOMPARE(ancestors, size_t(100000));
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestFilesFrom)
#include "test_files_from.moc"
