// The engine's layers, as docs/ARCHITECTURE.md draws them: nothing under
// core/ includes Qt, and each folder of core/src includes only folders below
// it (the two roles do not know each other, nor the client and the daemon).

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <map>
#include <set>

namespace {
// Lowest first: a folder may include those before it.
const QStringList kOrder = {
    QStringLiteral("platform"), QStringLiteral("common"), QStringLiteral("config"), QStringLiteral("metrics"),
    QStringLiteral("exec"),     QStringLiteral("diagnosis"),
    QStringLiteral("codec"),  QStringLiteral("names"),    QStringLiteral("filter"),  QStringLiteral("snapshot"), QStringLiteral("delta"),
    QStringLiteral("scan"),   QStringLiteral("net"),      QStringLiteral("proto"),   QStringLiteral("plan"),
    QStringLiteral("options"), QStringLiteral("role"),    QStringLiteral("send"),    QStringLiteral("receive"),
    QStringLiteral("transfer"), QStringLiteral("client"), QStringLiteral("probe"), QStringLiteral("daemon"),   QStringLiteral("job"),
    QStringLiteral("lab"),    QStringLiteral("history"), QStringLiteral("jobs"),
};
// Side by side, each unaware of the other.
const std::set<std::pair<QString, QString>> kApart = {
    {QStringLiteral("send"), QStringLiteral("receive")},
    {QStringLiteral("receive"), QStringLiteral("send")},
    {QStringLiteral("client"), QStringLiteral("daemon")},
    {QStringLiteral("daemon"), QStringLiteral("client")},
};

QStringList sourcesUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) out << it.next();
    return out;
}
} // namespace

class TestLayers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theCoreNeverIncludesQt()
    {
        const QRegularExpression qt(QStringLiteral("^\\s*#\\s*include\\s*<(Q[A-Za-z]|qt)"),
                                    QRegularExpression::MultilineOption);
        const QStringList files = sourcesUnder(QStringLiteral(FG_SOURCE_DIR "/core"));
        QVERIFY(files.size() > 100);
        QStringList offenders;
        for (const QString& path : files) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            if (qt.match(QString::fromUtf8(f.readAll())).hasMatch()) offenders << path;
        }
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }

    void eachFolderIncludesOnlyTheFoldersBelowIt()
    {
        const QString root = QStringLiteral(FG_SOURCE_DIR "/core/src/");
        const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*\"(\\w+)/"),
                                         QRegularExpression::MultilineOption);
        std::map<QString, QStringList> wrong;
        QStringList unknown;
        for (const QString& path : sourcesUnder(root)) {
            const QString rel = path.mid(root.size());
            if (!rel.contains(QLatin1Char('/'))) continue; // internal.h
            const QString folder = rel.section(QLatin1Char('/'), 0, 0);
            const qsizetype mine = kOrder.indexOf(folder);
            if (mine < 0) {
                unknown << folder;
                continue;
            }
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            auto matches = include.globalMatch(QString::fromUtf8(f.readAll()));
            while (matches.hasNext()) {
                const QString target = matches.next().captured(1);
                if (target == folder) continue;
                const qsizetype theirs = kOrder.indexOf(target);
                if (theirs < 0 || theirs > mine || kApart.count({folder, target}))
                    wrong[folder + QStringLiteral(" -> ") + target] << rel;
            }
        }
        // A new folder takes its place in kOrder and in docs/ARCHITECTURE.md.
        unknown.removeDuplicates();
        QVERIFY2(unknown.isEmpty(), qPrintable(QStringLiteral("folders with no place: ") + unknown.join(u", ")));
        QStringList lines;
        for (const auto& [edge, files] : wrong) lines << edge + QStringLiteral(": ") + files.join(u", ");
        QVERIFY2(lines.isEmpty(), qPrintable(lines.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestLayers)
#include "test_layers.moc"
