#pragma once
// The ciphers this computer's ssh offers (`ssh -Q cipher`), asked once per run
// without blocking the GUI thread: QProcess reports back through the event
// loop, and every job form shares the answer.

#include <QObject>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QProcess;
QT_END_NAMESPACE

namespace fgui {

class SshCiphers : public QObject {
    Q_OBJECT
public:
    // Lives as long as the application object (one must exist).
    static SshCiphers& instance();

    // Asks ssh the first time; later calls do nothing. ready() follows.
    void request();
    bool isReady() const { return m_ready; }
    // Empty when ssh is missing or said nothing usable.
    const QStringList& ciphers() const { return m_ciphers; }

    // ssh's answer, one name a line; names ssh could not take back are dropped.
    static QStringList parse(const QByteArray& output);

Q_SIGNALS:
    void ready();

private:
    explicit SshCiphers(QObject* parent) : QObject(parent) {}
    void finish(const QStringList& ciphers);

    QProcess* m_process = nullptr;
    QStringList m_ciphers;
    bool m_ready = false;
};

} // namespace fgui
