#include "widgets/job_tray.h"

#include <QAction>
#include <QApplication>
#include <QIcon>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QWidget>

namespace fgui {
namespace {

// A drop on a blue disc: the window's Run colour, readable on light and
// dark panels alike.
QIcon trayIcon()
{
    QPixmap pixmap(64, 64);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(QColor(0x1e, 0x88, 0xe5));
    p.setPen(Qt::NoPen);
    p.drawEllipse(2, 2, 60, 60);
    p.setBrush(Qt::white);
    QPainterPath drop;
    drop.moveTo(32, 12);
    drop.cubicTo(44, 28, 48, 36, 48, 40);
    drop.arcTo(16, 24, 32, 32, 0, -180);
    drop.cubicTo(16, 36, 20, 28, 32, 12);
    p.drawPath(drop);
    return QIcon(pixmap);
}

} // namespace

JobTray::JobTray(QWidget* window) : QObject(window), m_window(window)
{
    m_menu = new QMenu(window);
    m_status = m_menu->addAction(tr("No job is running"));
    m_status->setEnabled(false);
    m_menu->addSeparator();
    QAction* show = m_menu->addAction(tr("Show Floodgate"));
    m_pause = m_menu->addAction(tr("Pause the job"));
    m_pause->setEnabled(false);
    m_cancel = m_menu->addAction(tr("Cancel the job"));
    m_cancel->setEnabled(false);
    m_menu->addSeparator();
    QAction* quit = m_menu->addAction(tr("Quit"));
    connect(show, &QAction::triggered, this, [this] {
        m_window->showNormal();
        m_window->raise();
        m_window->activateWindow();
    });
    connect(m_cancel, &QAction::triggered, this, &JobTray::cancelRequested);
    connect(m_pause, &QAction::triggered, this, &JobTray::pauseRequested);
    connect(quit, &QAction::triggered, m_window, &QWidget::close);

    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(trayIcon(), this);
        m_tray->setContextMenu(m_menu);
        m_tray->setToolTip(tr("Floodgate"));
        connect(m_tray, &QSystemTrayIcon::activated, this, [show](QSystemTrayIcon::ActivationReason reason) {
            if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick) show->trigger();
        });
        m_tray->show();
    }
}

JobTray::~JobTray() = default;

bool JobTray::trayShown() const { return m_tray && m_tray->isVisible(); }

void JobTray::setProgress(const QString& text)
{
    m_progress = text;
    m_status->setText(text.isEmpty() ? tr("No job is running") : text);
    m_cancel->setEnabled(!text.isEmpty());
    m_pause->setEnabled(!text.isEmpty());
    if (m_tray) m_tray->setToolTip(text.isEmpty() ? tr("Floodgate") : tr("Floodgate \u2014 %1").arg(text));
}

void JobTray::setPaused(bool paused) { m_pause->setText(paused ? tr("Resume the job") : tr("Pause the job")); }

void JobTray::notify(Kind kind, const QString& title, const QString& text)
{
    m_last = title + QLatin1Char('\n') + text;
    if (trayShown() && QSystemTrayIcon::supportsMessages()) {
        const auto icon = kind == Kind::Failed    ? QSystemTrayIcon::Critical
                          : kind == Kind::Warning ? QSystemTrayIcon::Warning
                                                  : QSystemTrayIcon::Information;
        m_tray->showMessage(title, text, icon, 10000);
        return;
    }
    // No tray to speak from: the window says it, and its taskbar entry
    // asks for attention if it is not the active one.
    QApplication::alert(m_window);
    Q_EMIT notificationFallback(title, text);
}

} // namespace fgui
