#include "widgets/form_hints.h"

#include <QLabel>

namespace fgui {

QString errorStyleSheet() { return QStringLiteral("color: #c62828;"); }

QLabel* makeHint(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    // Its width from the form, not from its longest word (as the window's
    // wrapWithinWidth): a hint that quotes a long value ("Refused path '../…'")
    // made the form 867 px wide at the sidebar's 264, cut off past the middle.
    // Such a word is clipped at the edge instead; the field shows it whole.
    QSizePolicy policy = label->sizePolicy(); // after setWordWrap: height-for-width kept
    policy.setHorizontalPolicy(QSizePolicy::Ignored);
    label->setSizePolicy(policy);
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    label->setFont(f);
    // Quieter than the fields it explains, in light and dark themes alike. Through the
    // palette: Qt 6.4 style sheets do not know palette(placeholder-text).
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    label->setPalette(p);
    return label;
}

QLabel* makeHeading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

void showHint(QLabel* label, const QString& text, bool error)
{
    label->setText(text);
    label->setStyleSheet(error ? errorStyleSheet() : QString());
    label->setVisible(!text.isEmpty());
}

void wrapWithinWidth(QLabel* label)
{
    label->setWordWrap(true);
    // After setWordWrap, which sets height-for-width in the policy: kept.
    QSizePolicy policy = label->sizePolicy();
    policy.setHorizontalPolicy(QSizePolicy::Ignored);
    label->setSizePolicy(policy);
}

void makeQuiet(QLabel* label)
{
    // Through the palette: Qt 6.4 style sheets do not know palette(placeholder-text).
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    label->setPalette(p);
}

} // namespace fgui
