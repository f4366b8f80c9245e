#pragma once
// Keeps the scroll wheel from changing a field nobody is editing. Qt's combo and
// spin boxes take every wheel event that passes over them, so scrolling a long form
// changed whatever field slid under the pointer (Compression became "zstd level 9").
// Guarded, a field reacts to the wheel only while it has keyboard focus; otherwise
// the event goes on to the scroll area around it, and the form scrolls.

#include <QObject>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace fgui {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    explicit WheelGuard(QObject* parent = nullptr);

    // Guards every QComboBox and QAbstractSpinBox under `root` (made so far), with
    // one guard owned by `root`. Their focus policy becomes Qt::StrongFocus: click
    // or Tab focuses them, the wheel does not.
    static WheelGuard* guardFields(QWidget* root);
    // Guards one widget with this guard.
    void guard(QWidget* field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace fgui
