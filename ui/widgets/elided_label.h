#pragma once
// A one-line label that shortens its text with "…" in the middle when it does not
// fit, so both ends of "source → destination" stay readable.

#include <QLabel>

namespace fgui {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace fgui
