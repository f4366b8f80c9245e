#include "filter/filter.h"

#include <QElapsedTimer>
#include <QTest>

#include <string>
#include <vector>

namespace {

// Rules are written the way a filter file spells them: "- pattern" excludes,
// "+ pattern" includes.
std::vector<fg::FilterSpec> specsFrom(const QStringList& rules)
{
    std::vector<fg::FilterSpec> specs;
    for (const QString& rule : rules) {
        fg::FilterSpec spec;
        spec.kind = rule.startsWith(QLatin1Char('+')) ? fg::FilterSpec::Kind::Include : fg::FilterSpec::Kind::Exclude;
        spec.pattern = rule.mid(2).toStdString();
        specs.push_back(spec);
    }
    return specs;
}

fg::filter::FilterSet compileOrFail(const std::vector<fg::FilterSpec>& specs)
{
    auto set = fg::filter::FilterSet::compile(specs);
    if (!set) {
        QTest::qFail(set.error().message.c_str(), __FILE__, __LINE__);
        return {};
    }
    return std::move(set).value();
}

fg::FilterSpec exclude(std::string pattern)
{
    return {fg::FilterSpec::Kind::Exclude, std::move(pattern)};
}

} // namespace

class TestFilter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every expectation below was checked against rsync 3.5 itself (a tree with
    // the path, `rsync -rn --filter=RULE...`), except the rows marked "below":
    // for those rsync never asks, because it does not descend into an excluded
    // directory, and the row states what this path on its own answers.
    void matchesLikeRsync_data()
    {
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("isDir");
        QTest::addColumn<bool>("excluded");
        auto row = [](const char* name, QStringList rules, const char* path, bool isDir, bool excluded) {
            QTest::newRow(name) << rules << QString::fromUtf8(path) << isDir << excluded;
        };
        const QStringList none;
        const bool F = false; // a file
        const bool D = true;  // a directory

        // No rule, or no matching rule: included.
        row("no rules", none, "a/b.o", F, false);
        row("no match", {QStringLiteral("- *.o")}, "src/main.c", F, false);

        // Without '/' or "**": the last component only, at any depth.
        row("suffix top", {QStringLiteral("- *.o")}, "main.o", F, true);
        row("suffix deep", {QStringLiteral("- *.o")}, "src/deep/main.o", F, true);
        row("suffix names a dir too", {QStringLiteral("- *.o")}, "src.o", D, true);
        row("suffix is not a substring", {QStringLiteral("- *.o")}, "main.obj", F, false);
        row("suffix on the parent only", {QStringLiteral("- *.o")}, "lib.o/readme", F, false); // below
        row("literal name", {QStringLiteral("- core")}, "a/b/core", F, true);
        row("literal name, longer", {QStringLiteral("- core")}, "a/core2", F, false);
        row("literal name, other prefix", {QStringLiteral("- core")}, "a/xcore", F, false);
        row("prefix", {QStringLiteral("- core.*")}, "dumps/core.1234", F, true);
        row("prefix needs the dot", {QStringLiteral("- core.*")}, "core", F, false);
        row("contains", {QStringLiteral("- *~lock*")}, "doc/.~lock.report#", F, true);
        row("star alone", {QStringLiteral("- *")}, "thing", F, true);
        row("dot files are not special", {QStringLiteral("- *.o")}, ".o", F, true);
        row("case sensitive", {QStringLiteral("- *.O")}, "a.o", F, false);

        // First match wins.
        row("include before exclude", {QStringLiteral("+ keep.o"), QStringLiteral("- *.o")}, "a/keep.o", F, false);
        row("exclude the rest", {QStringLiteral("+ keep.o"), QStringLiteral("- *.o")}, "a/other.o", F, true);
        row("exclude before include", {QStringLiteral("- *.o"), QStringLiteral("+ keep.o")}, "keep.o", F, true);

        // The classic "only *.txt" list: every directory, then *.txt, then nothing.
        const QStringList onlyTxt = {QStringLiteral("+ */"), QStringLiteral("+ *.txt"), QStringLiteral("- *")};
        row("only txt: dir", onlyTxt, "docs", D, false);
        row("only txt: nested dir", onlyTxt, "docs/2024", D, false);
        row("only txt: txt", onlyTxt, "docs/2024/a.txt", F, false);
        row("only txt: other", onlyTxt, "docs/2024/a.md", F, true);
        row("only txt: top other", onlyTxt, "Makefile", F, true);

        // A trailing '/' matches directories only.
        row("dir rule on dir", {QStringLiteral("- build/")}, "build", D, true);
        row("dir rule on file", {QStringLiteral("- build/")}, "build", F, false);
        row("dir rule deep", {QStringLiteral("- node_modules/")}, "web/app/node_modules", D, true);
        row("dir rule near miss", {QStringLiteral("- .git/")}, ".github", D, false);
        row("any dir", {QStringLiteral("- */")}, "a", D, true);
        row("any dir, not a file", {QStringLiteral("- */")}, "a", F, false);
        row("dir rule falls through", {QStringLiteral("- tmp/"), QStringLiteral("+ tmp"), QStringLiteral("- *")},
            "tmp", F, false);

        // A leading '/' anchors at the transfer root.
        row("anchored at root", {QStringLiteral("- /build")}, "build", D, true);
        row("anchored not deeper", {QStringLiteral("- /build")}, "src/build", D, false);
        row("anchored dir rule on file", {QStringLiteral("- /build/")}, "build", F, false);
        row("anchored glob", {QStringLiteral("- /src/*.c")}, "src/a.c", F, true);
        row("anchored glob, deeper", {QStringLiteral("- /src/*.c")}, "src/x/a.c", F, false);
        row("anchored glob, elsewhere", {QStringLiteral("- /src/*.c")}, "lib/src/a.c", F, false);
        row("anchored top-level only", {QStringLiteral("- /*.txt")}, "d/a.txt", F, false);

        // An inner '/': the whole path, from any component boundary.
        row("slash at root", {QStringLiteral("- foo/bar")}, "foo/bar", F, true);
        row("slash below", {QStringLiteral("- foo/bar")}, "x/y/foo/bar", F, true);
        row("slash not mid-name", {QStringLiteral("- foo/bar")}, "xfoo/bar", F, false);
        row("slash is the tail", {QStringLiteral("- foo/bar")}, "foo/bar/baz", F, false); // below
        row("slash glob", {QStringLiteral("- a/*/c")}, "z/a/b/c", F, true);
        row("slash glob, star stops at /", {QStringLiteral("- a/*/c")}, "a/b/x/c", F, false);
        row("slash glob in a dir", {QStringLiteral("- src/*.o")}, "src/sub/a.o", F, false);

        // "**" crosses '/'.
        row("double star", {QStringLiteral("- a/**/b")}, "a/x/y/b", F, true);
        row("double star needs its slashes", {QStringLiteral("- a/**/b")}, "a/b", F, false);
        row("double star, any component", {QStringLiteral("- a/**/b")}, "z/a/x/b", F, true);
        row("leading double star at top", {QStringLiteral("- **/cache")}, "cache", D, true);
        row("leading double star deep", {QStringLiteral("- **/cache")}, "x/y/cache", D, true);
        row("leading double star, whole name", {QStringLiteral("- **/cache")}, "x/ycache", D, false);
        row("double star suffix", {QStringLiteral("- **.bak")}, "a/b/c.bak", F, true);
        row("anchored double star", {QStringLiteral("- /a/**")}, "a/x", F, true);
        row("anchored double star, not a", {QStringLiteral("- /a/**")}, "a", D, false);
        row("double star mid", {QStringLiteral("- src/**/*.tmp")}, "x/src/a/b/c.tmp", F, true);
        row("double star mid, too shallow", {QStringLiteral("- src/**/*.tmp")}, "src/c.tmp", F, false);
        row("double star without slash", {QStringLiteral("- foo**")}, "x/foobar", F, true);

        // "dir/***": the directory itself and everything below it.
        row("triple star dir", {QStringLiteral("- dir/***")}, "dir", D, true);
        row("triple star content", {QStringLiteral("- dir/***")}, "dir/a/b", F, true); // below
        row("triple star, a file named dir", {QStringLiteral("- dir/***")}, "dir", F, false);
        row("triple star deeper", {QStringLiteral("- dir/***")}, "x/dir", D, true);
        const QStringList keepOnly = {QStringLiteral("+ keep/***"), QStringLiteral("- *")};
        row("keep only: dir", keepOnly, "keep", D, false);
        row("keep only: content", keepOnly, "keep/a/b.txt", F, false);
        row("keep only: other", keepOnly, "other", D, true);

        // '?' and classes: one byte, never '/'.
        row("question", {QStringLiteral("- ?.c")}, "a.c", F, true);
        row("question is one", {QStringLiteral("- ?.c")}, "ab.c", F, false);
        row("question not slash", {QStringLiteral("- /a?c")}, "a/c", F, false);
        row("star not slash", {QStringLiteral("- /a*c")}, "a/c", F, false);
        row("range", {QStringLiteral("- file[0-9].txt")}, "file5.txt", F, true);
        row("range miss", {QStringLiteral("- file[0-9].txt")}, "filex.txt", F, false);
        row("negated bang", {QStringLiteral("- file[!0-9].txt")}, "filex.txt", F, true);
        row("negated bang miss", {QStringLiteral("- file[!0-9].txt")}, "file5.txt", F, false);
        row("negated caret", {QStringLiteral("- file[^0-9].txt")}, "filex.txt", F, true);
        row("set then star", {QStringLiteral("- [abc]*")}, "beta", F, true);
        row("set then star miss", {QStringLiteral("- [abc]*")}, "delta", F, false);
        row("bracket first is a member", {QStringLiteral("- []x]")}, "]", F, true);
        row("bracket set other member", {QStringLiteral("- []x]")}, "x", F, true);
        row("trailing dash is a member", {QStringLiteral("- [a-]x")}, "-x", F, true);
        row("class never matches slash", {QStringLiteral("- /a[!x]c")}, "a/c", F, false);
        row("posix digit", {QStringLiteral("- [[:digit:]]*")}, "9lives", F, true);
        row("posix digit miss", {QStringLiteral("- [[:digit:]]*")}, "nine", F, false);
        row("posix upper", {QStringLiteral("- *[[:upper:]]")}, "fileA", F, true);

        // A backslash escapes, when the pattern has a wildcard.
        row("escaped star", {QStringLiteral("- \\*.txt")}, "*.txt", F, true);
        row("escaped star is literal", {QStringLiteral("- \\*.txt")}, "a.txt", F, false);
        row("escaped question", {QStringLiteral("- a\\?")}, "a?", F, true);
        row("escaped question is literal", {QStringLiteral("- a\\?")}, "ab", F, false);
        row("escaped bracket", {QStringLiteral("- a\\[b")}, "a[b", F, true);
        row("no wildcard, backslash literal", {QStringLiteral("- back\\slash")}, "back\\slash", F, true);
        row("no wildcard, backslash kept", {QStringLiteral("- back\\slash")}, "backslash", F, false);

        // Runs of literal rules are merged into hash sets: order and kinds hold.
        const QStringList literals = {QStringLiteral("- a"), QStringLiteral("- b"), QStringLiteral("- c/"),
                                      QStringLiteral("- /d"), QStringLiteral("- /e/f/"), QStringLiteral("+ *")};
        row("literal run: name", literals, "x/b", F, true);
        row("literal run: dir name on a file", literals, "x/c", F, false);
        row("literal run: dir name", literals, "x/c", D, true);
        row("literal run: anchored", literals, "d", F, true);
        row("literal run: anchored, deeper", literals, "x/d", F, false);
        row("literal run: anchored dir", literals, "e/f", D, true);
        row("literal run: anchored dir on a file", literals, "e/f", F, false);
        const QStringList keepList = {QStringLiteral("+ keep1"), QStringLiteral("+ keep2"), QStringLiteral("+ keep3"),
                                      QStringLiteral("+ keep4"), QStringLiteral("- *")};
        row("include run: listed", keepList, "keep3", F, false);
        row("include run: other", keepList, "nope", F, true);

        // UTF-8 names are bytes.
        row("utf8 literal", {QStringLiteral("- straße")}, "fotos/straße", D, true);
        row("utf8 glob", {QStringLiteral("- *.jpg")}, "fotos/日本.jpg", F, true);

        row("root itself", {QStringLiteral("- *")}, "", D, false);
    }
    void matchesLikeRsync()
    {
        QFETCH(QStringList, rules);
        QFETCH(QString, path);
        QFETCH(bool, isDir);
        QFETCH(bool, excluded);
        auto set = compileOrFail(specsFrom(rules));
        QCOMPARE(set.empty(), rules.isEmpty());
        QCOMPARE(set.excluded(path.toStdString(), isDir), excluded);
    }

    // Patterns longer than one machine word of NFA states (63 tokens) take a
    // second code path; it must agree with the short one. An anchored pattern
    // with a long literal lead-in and the same lead-in on the path must give
    // the answer the short pattern gives on the short path.
    void longPatternsAgree_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("isDir");
        QTest::newRow("star") << QStringLiteral("*.o") << QStringLiteral("main.o") << false;
        QTest::newRow("star miss") << QStringLiteral("*.o") << QStringLiteral("main.c") << false;
        QTest::newRow("double star") << QStringLiteral("a/**/b") << QStringLiteral("a/x/y/b") << false;
        QTest::newRow("double star miss") << QStringLiteral("a/**/b") << QStringLiteral("a/b") << false;
        QTest::newRow("class") << QStringLiteral("f[!0-9]?") << QStringLiteral("fxy") << false;
        QTest::newRow("class miss") << QStringLiteral("f[!0-9]?") << QStringLiteral("f1y") << false;
        QTest::newRow("triple") << QStringLiteral("d/***") << QStringLiteral("d") << true;
        QTest::newRow("star at word edge") << QStringLiteral("*a*b*c*") << QStringLiteral("xaybzc") << false;
    }
    void longPatternsAgree()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, path);
        QFETCH(bool, isDir);
        const std::string shortPattern = "/" + pattern.toStdString();
        for (int lead : {1, 31, 32, 33, 62, 63, 64, 100}) {
            // Each "x/" is two tokens: the longer lead-ins put the pattern's own
            // tokens across one or more 64-bit word boundaries.
            std::string prefix;
            for (int i = 0; i < lead; ++i) prefix += "x/";
            const std::string longPattern = "/" + prefix + pattern.toStdString();
            const std::string longPath = prefix + path.toStdString();
            auto shortSet = compileOrFail({exclude(shortPattern)});
            auto longSet = compileOrFail({exclude(longPattern)});
            QCOMPARE(longSet.excluded(longPath, isDir), shortSet.excluded(path.toStdString(), isDir));
        }
    }

    void refusesBadPatterns_data()
    {
        QTest::addColumn<QByteArray>("pattern");
        QTest::addColumn<QByteArray>("why");
        QTest::newRow("empty") << QByteArray("") << QByteArray("empty pattern");
        QTest::newRow("slash only") << QByteArray("/") << QByteArray("matches no path");
        QTest::newRow("slashes only") << QByteArray("//") << QByteArray("matches no path");
        QTest::newRow("unterminated") << QByteArray("[abc") << QByteArray("unterminated '['");
        QTest::newRow("unterminated late") << QByteArray("*.[ch") << QByteArray("unterminated '['");
        QTest::newRow("unterminated after bracket") << QByteArray("[]") << QByteArray("unterminated '['");
        QTest::newRow("unterminated negation") << QByteArray("a[!") << QByteArray("unterminated '['");
        QTest::newRow("unterminated escape in class") << QByteArray("[a\\") << QByteArray("unterminated '['");
        QTest::newRow("lone backslash") << QByteArray("*\\") << QByteArray("lone backslash");
        QTest::newRow("unknown class") << QByteArray("[[:vowel:]]") << QByteArray("unknown character class");
        QTest::newRow("too long") << QByteArray(5000, 'a') << QByteArray("longer than 4096 bytes");
    }
    void refusesBadPatterns()
    {
        QFETCH(QByteArray, pattern);
        QFETCH(QByteArray, why);
        auto set = fg::filter::FilterSet::compile({exclude("*.o"), exclude(pattern.toStdString())});
        QVERIFY(!set.ok());
        QCOMPARE(set.error().code, fg::Errc::InvalidArgument);
        const std::string& message = set.error().message;
        QVERIFY2(message.find(why.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.starts_with("--exclude pattern '" + pattern.left(200).toStdString()), message.c_str());
    }

    void errorNamesTheIncludeOption()
    {
        auto set = fg::filter::FilterSet::compile({{fg::FilterSpec::Kind::Include, "src/[a-"}});
        QVERIFY(!set.ok());
        QCOMPARE(set.error().message.substr(0, 27), std::string("--include pattern 'src/[a-'"));
    }

    void emptyAndCopies()
    {
        fg::filter::FilterSet none;
        QVERIFY(none.empty());
        QVERIFY(!none.excluded("a", false));
        auto empty = compileOrFail({});
        QVERIFY(empty.empty());

        auto set = compileOrFail({exclude("*.o")});
        QVERIFY(!set.empty());
        fg::filter::FilterSet copy = set;
        fg::filter::FilterSet moved = std::move(set);
        QVERIFY(copy.excluded("a.o", false));
        QVERIFY(moved.excluded("a.o", false));
    }

    // The matcher must not backtrack: patterns with many stars against long
    // paths stay linear. A backtracking glob takes minutes or more here.
    void pathologicalPatternsFinishFast_data()
    {
        QTest::addColumn<QByteArray>("pattern");
        QTest::addColumn<QByteArray>("path");
        QByteArray longPath;
        for (int i = 0; i < 400; ++i) longPath += "aaaaaaaaa/";
        longPath += "aaaaaaaaaa"; // ~4 KB of 'a' and '/', and no 'b' anywhere
        QByteArray longName(255, 'a');
        QByteArray manyStars;
        for (int i = 0; i < 40; ++i) manyStars += "a*";
        manyStars += "b"; // 81 tokens: the multi-word matcher
        QTest::newRow("double stars") << QByteArray("a**a**a**a**a**a**a**b") << longPath;
        QTest::newRow("anchored double stars") << QByteArray("/a**a**a**a**a**a**a**b") << longPath;
        QTest::newRow("leading double stars") << QByteArray("**a**a**a**a**a**b") << longPath;
        QTest::newRow("stars in a name") << QByteArray("*a*a*a*a*a*a*a*a*a*b") << longName;
        QTest::newRow("stars across a path") << QByteArray("a*/*a*/*a*/*a*/*b") << longPath;
        QTest::newRow("many stars") << manyStars << longName;
        QTest::newRow("many stars, double") << manyStars.replace("*", "**") << longPath;
    }
    void pathologicalPatternsFinishFast()
    {
        QFETCH(QByteArray, pattern);
        QFETCH(QByteArray, path);
        auto set = compileOrFail({exclude(pattern.toStdString())});
        const std::string p = path.toStdString();
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 20; ++i) QVERIFY(!set.excluded(p, false));
        // Linear work is well under a millisecond per call; two seconds for 20
        // calls leaves room for a sanitizer build on a loaded machine.
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    }

    // A realistic rule list over a 100k-file tree: the scan must not wait on it.
    void typicalRulesAreFast()
    {
        auto set = compileOrFail(specsFrom({
            QStringLiteral("- *.o"), QStringLiteral("- *.tmp"), QStringLiteral("- /build/"),
            QStringLiteral("- node_modules/"), QStringLiteral("- .git/"), QStringLiteral("+ src/**/*.keep"),
            QStringLiteral("- **/cache/**"), QStringLiteral("- *~"), QStringLiteral("- core.[0-9]*"),
            QStringLiteral("- [Tt]humbs.db"),
        }));
        std::vector<std::string> paths;
        for (int i = 0; i < 100000; ++i)
            paths.push_back("src/module" + std::to_string(i % 97) + "/sub" + std::to_string(i % 13) + "/file"
                            + std::to_string(i) + (i % 3 == 0 ? ".o" : ".cpp"));
        QElapsedTimer timer;
        timer.start();
        size_t excludedCount = 0;
        for (const std::string& p : paths) excludedCount += set.excluded(p, false) ? 1 : 0;
        const qint64 ms = timer.elapsed();
        QCOMPARE(excludedCount, size_t(33334));
        // Tens of milliseconds in a release build; the bound allows for ASan.
        QVERIFY2(ms < 5000, qPrintable(QStringLiteral("100k paths took %1 ms").arg(ms)));
    }

    // Thousands of names from an --exclude-from file: one hash lookup per path.
    void longLiteralListsAreFast()
    {
        std::vector<fg::FilterSpec> specs;
        for (int i = 0; i < 20000; ++i) specs.push_back(exclude("name" + std::to_string(i)));
        specs.push_back(exclude("/top" + std::to_string(7)));
        auto set = compileOrFail(specs);
        QVERIFY(set.excluded("a/b/name19999", false));
        QVERIFY(set.excluded("top7", true));
        QVERIFY(!set.excluded("a/top7", true));
        QVERIFY(!set.excluded("a/b/name20000", false));
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 100000; ++i) (void)set.excluded("dir/file" + std::to_string(i), false);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    }

    // A preview's "leave this one out": the path and nothing else, whatever
    // characters its name holds; a folder with what is under it.
    void anExactPathRuleMatchesThatPathOnly()
    {
        struct Case {
            const char* path;
            bool isDir;
            std::vector<std::pair<const char*, bool>> others; // path, excluded too
        };
        const std::vector<Case> cases = {
            {"photos/a[1]*.jpg", false, {{"photos/a1x.jpg", false}, {"photos/a[1]x.jpg", false}, {"a[1]*.jpg", false}}},
            {"dir with spaces/back\\slash.txt", false, {{"dir with spaces/back/slash.txt", false}}},
            {"we?rd\\*", false, {{"weird\\x", false}, {"we?rd\\x", false}}},
            // (What is under an excluded folder is never asked about: the scan does not go in.)
            {"photos/2024", true, {{"photos/2024b", false}, {"x/photos/2024", false}}},
            {"top.txt", false, {{"sub/top.txt", false}}},
        };
        for (const Case& c : cases) {
            const fg::FilterSpec rule = fg::exactPathRule(fg::FilterSpec::Kind::Exclude, c.path, c.isDir);
            // Written out and read back as --filter has it (saved jobs store rules so).
            auto reread = fg::parseFilterRule(fg::filterRuleText(rule));
            QVERIFY2(reread.ok() && reread->rule && *reread->rule == rule, fg::filterRuleText(rule).c_str());
            const auto set = compileOrFail({rule});
            QVERIFY2(set.excluded(c.path, c.isDir), c.path);
            for (const auto& [other, excluded] : c.others) QVERIFY2(set.excluded(other, false) == excluded, other);
        }
    }
};

QTEST_GUILESS_MAIN(TestFilter)
#include "test_filter.moc"
