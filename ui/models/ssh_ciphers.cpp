#include "models/ssh_ciphers.h"

#include <floodgate/options.h>

#include <QCoreApplication>
#include <QPointer>
#include <QProcess>

namespace fgui {

SshCiphers& SshCiphers::instance()
{
    // Parented to the application so it goes (and ends a running ssh) before
    // Qt does; a later application object gets a fresh one.
    static QPointer<SshCiphers> list;
    if (!list) list = new SshCiphers(QCoreApplication::instance());
    return *list;
}

void SshCiphers::request()
{
    if (m_ready || m_process) return;
    auto* process = new QProcess(this);
    m_process = process;
    connect(process, &QProcess::finished, this, [this, process](int code, QProcess::ExitStatus status) {
        finish(code == 0 && status == QProcess::NormalExit ? parse(process->readAllStandardOutput()) : QStringList());
    });
    // No ssh at all: finished() never comes.
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) finish({});
    });
    process->start(QStringLiteral("ssh"), {QStringLiteral("-Q"), QStringLiteral("cipher")}, QIODevice::ReadOnly);
}

QStringList SshCiphers::parse(const QByteArray& output)
{
    QStringList out;
    for (const QByteArray& line : output.split('\n')) {
        const QString name = QString::fromLatin1(line.trimmed());
        if (!name.isEmpty() && fg::checkSshCipher(name.toStdString()).ok() && !out.contains(name)) out << name;
    }
    return out;
}

void SshCiphers::finish(const QStringList& ciphers)
{
    if (m_ready) return;
    m_ready = true;
    m_ciphers = ciphers;
    if (m_process) {
        m_process->deleteLater();
        m_process = nullptr;
    }
    Q_EMIT ready();
}

} // namespace fgui
