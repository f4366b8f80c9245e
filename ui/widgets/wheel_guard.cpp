#include "widgets/wheel_guard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace fgui {

WheelGuard::WheelGuard(QObject* parent) : QObject(parent) {}

WheelGuard* WheelGuard::guardFields(QWidget* root)
{
    auto* guard = new WheelGuard(root);
    for (QComboBox* combo : root->findChildren<QComboBox*>()) guard->guard(combo);
    for (QAbstractSpinBox* spin : root->findChildren<QAbstractSpinBox*>()) guard->guard(spin);
    return guard;
}

void WheelGuard::guard(QWidget* field)
{
    // Both default to Qt::WheelFocus: the first wheel event would focus the field,
    // and the guard would then let it through.
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(this);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::Wheel) return QObject::eventFilter(watched, event);
    auto* field = qobject_cast<QWidget*>(watched);
    if (!field || field->hasFocus()) return false;
    // Filtered out before the field sees it, and left unaccepted: QApplication then
    // offers the event to the parents, and the enclosing scroll area scrolls.
    event->ignore();
    return true;
}

} // namespace fgui
