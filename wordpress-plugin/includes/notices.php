<?php
/**
 * What editors (never visitors) are told on the page about a widget: an unknown widget's name with the valid ones,
 * and each value of a shortcode or block that the widget will not use as written (not a number, outside the
 * product's amounts and terms from the API, an unknown promo code). Visitors get the widget with its defaults.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** The widgets' names for editors, by the name the shortcode takes. */
function credimo_widget_labels() {
    return array(
        'calculator' => __('Calculator', 'credimo'),
        'registration' => __('Registration', 'credimo'),
        'my-loan' => __('My loan', 'credimo'),
    );
}

/** The Spanish names a widget is also known by (as sanitize_title writes them). */
function credimo_widget_aliases() {
    return array(
        'calculadora' => 'calculator',
        'registro' => 'registration',
        'mi-prestamo' => 'my-loan',
        'miprestamo' => 'my-loan',
    );
}

/** A widget's name as the allow-list knows it: "Calculadora", "Mi préstamo" and "my_loan" name widgets too. */
function credimo_widget_name($name) {
    $key = str_replace('_', '-', sanitize_title(remove_accents((string) $name)));
    $aliases = credimo_widget_aliases();
    return isset($aliases[$key]) ? $aliases[$key] : ($key === '' ? 'calculator' : $key);
}

function credimo_unknown_widget_message($name) {
    $valid = array();
    foreach (credimo_widget_labels() as $widget => $label) {
        $valid[] = sprintf('%s (%s)', $widget, $label);
    }
    return sprintf(
        /* translators: 1: the widget name as written, 2: the valid names */
        __('The widget "%1$s" does not exist, so visitors see nothing here. Valid widgets: %2$s.', 'credimo'),
        $name,
        implode(', ', $valid)
    );
}

/** Whether the person viewing the page may edit it (an editor's preview, the block editor), not a visitor. */
function credimo_viewer_edits_page() {
    $post_id = get_the_ID();
    return $post_id ? current_user_can('edit_post', $post_id) : current_user_can('edit_posts');
}

/** A notice for editors; empty for visitors or without messages. */
function credimo_editor_notice($messages) {
    if ($messages === array() || !credimo_viewer_edits_page()) {
        return '';
    }
    $items = '';
    foreach ($messages as $message) {
        $items .= '<li>' . esc_html($message) . '</li>';
    }
    // Styled in place: the notice may be the only Credimo output on the page (no widget styles enqueued).
    return '<div class="credimo-editor-notice" role="note" style="box-sizing:border-box;max-width:640px;margin:0 0 16px;padding:12px 16px;border:1px solid #dba617;border-left-width:4px;border-radius:4px;background:#fcf9e8;color:#1d2327;font:14px/1.5 system-ui,sans-serif">'
        . '<strong>' . esc_html__('Credimo: only editors see this notice.', 'credimo') . '</strong>'
        . '<ul style="margin:4px 0 0;padding-left:20px">' . $items . '</ul></div>';
}

/** A range as editors read it: "100–1.000 €, in steps of 50 €". */
function credimo_range_text($range, $unit) {
    $format = $unit === 'EUR'
        ? function ($v) { return credimo_euros($v) . ' €'; }
        : function ($v) {
            /* translators: %d: a number of days */
            return sprintf(_n('%d day', '%d days', $v, 'credimo'), $v);
        };
    /* translators: 1: minimum, 2: maximum, 3: step */
    return sprintf(__('from %1$s to %2$s, in steps of %3$s', 'credimo'), $format($range['min']), $format($range['max']), $format($range['step']));
}

/** Whether a value is within a range and on its steps. */
function credimo_in_range($value, $range) {
    if ($value < $range['min'] || $value > $range['max']) {
        return false;
    }
    $steps = ($value - $range['min']) / $range['step'];
    return abs($steps - round($steps)) < 0.0001;
}

/** What a widget's attributes will not do as written, in messages for editors. */
function credimo_widget_problems($widget, $attributes) {
    $problems = array();
    $allowed = credimo_widget_attributes();
    foreach ($attributes as $name => $value) {
        if (is_int($name) || $name === 'widget' || (string) $value === '' || isset($allowed[$widget][$name])) {
            continue;
        }
        $problems[] = sprintf(
            /* translators: 1: an attribute's name, 2: the widget's name */
            __('The attribute "%1$s" means nothing to the %2$s widget: it is ignored.', 'credimo'),
            $name,
            credimo_widget_labels()[$widget]
        );
    }
    if ($widget !== 'calculator') {
        return $problems;
    }
    $given = function ($name) use ($attributes) {
        return isset($attributes[$name]) && trim((string) $attributes[$name]) !== '' ? trim((string) $attributes[$name]) : null;
    };
    $amount = $given('amount') === null ? null : credimo_clean_amount($given('amount'));
    $term = $given('term') === null ? null : credimo_clean_term($given('term'));
    if ($given('amount') !== null && $amount === null) {
        /* translators: %s: the value as written */
        $problems[] = sprintf(__('"%s" is not an amount in euros: the calculator opens with its default amount and term.', 'credimo'), $given('amount'));
    }
    if ($given('term') !== null && $term === null) {
        /* translators: %s: the value as written */
        $problems[] = sprintf(__('"%s" is not a term in days: the calculator opens with its default amount and term.', 'credimo'), $given('term'));
    }
    if (($given('amount') === null) !== ($given('term') === null)) {
        $problems[] = __('The amount and the term go together: with only one of them, the calculator opens with its default amount and term.', 'credimo');
    }
    $product = credimo_product($given('product') !== null ? credimo_clean_term($given('product')) : null);
    if ($product !== null) {
        if ($amount !== null && !credimo_in_range($amount, $product['amount'])) {
            $problems[] = sprintf(
                /* translators: 1: the amount, 2: the product id, 3: the product's range */
                __('%1$s € is not an amount of product %2$d (%3$s): the calculator opens with its default amount and term.', 'credimo'),
                credimo_euros($amount),
                $product['id'],
                credimo_range_text($product['amount'], 'EUR')
            );
        }
        if ($term !== null && !credimo_in_range($term, $product['term'])) {
            $problems[] = sprintf(
                /* translators: 1: the term, 2: the product id, 3: the product's range */
                __('%1$d days is not a term of product %2$d (%3$s): the calculator opens with its default amount and term.', 'credimo'),
                $term,
                $product['id'],
                credimo_range_text($product['term'], 'days')
            );
        }
    }
    $code = $given('promocode');
    if ($code !== null) {
        $clean = credimo_clean_promocode($code);
        if ($clean === null || credimo_promocode_is_valid($clean) === false) {
            /* translators: %s: the promo code as written */
            $problems[] = sprintf(__('The promo code "%s" does not exist: the calculator opens without it.', 'credimo'), $code);
        }
    }
    return $problems;
}
