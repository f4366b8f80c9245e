#pragma once
// The tray icon: the running job's progress in its tooltip and menu, Cancel
// and Show window from the menu, and the desktop notification when a job ends
// or a scheduled run failed while the window was closed (Qt's own tray and
// its balloon messages). Pause and Resume too. Where the desktop has no tray, nothing is shown
// there and notifications go to the window's status line instead (and the
// taskbar entry asks for attention).

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QAction;
class QMenu;
class QSystemTrayIcon;
class QWidget;
QT_END_NAMESPACE

namespace fgui {

class JobTray : public QObject {
    Q_OBJECT
public:
    enum class Kind { Ok, Warning, Failed };

    // `window`: the one Show raises and the fallback notifications go to.
    explicit JobTray(QWidget* window);
    ~JobTray() override;

    bool trayShown() const;
    // The job's progress, "photos: 42 % · 61 MB/s"; empty: no job runs.
    void setProgress(const QString& text);
    QString progressText() const { return m_progress; }
    void notify(Kind kind, const QString& title, const QString& text);
    // The last notification, for tests ("title\ntext").
    QString lastNotification() const { return m_last; }
    QAction* cancelAction() const { return m_cancel; }
    QAction* pauseAction() const { return m_pause; }
    // The job is paused: the menu offers Resume.
    void setPaused(bool paused);

Q_SIGNALS:
    void cancelRequested();
    void pauseRequested(); // pause, or resume a paused job
    // A notification was not shown as one (no tray): the window says it.
    void notificationFallback(const QString& title, const QString& text);

private:
    QWidget* m_window;
    QSystemTrayIcon* m_tray = nullptr;
    QMenu* m_menu = nullptr;
    QAction* m_status = nullptr;
    QAction* m_cancel = nullptr;
    QAction* m_pause = nullptr;
    QString m_progress;
    QString m_last;
};

} // namespace fgui
