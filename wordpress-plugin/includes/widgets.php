<?php
/**
 * The [credimo] shortcode: an allow-list of widgets and, per widget, of attributes with their sanitizers.
 * It prints a placeholder; the loader mounts the widget into it when it nears the viewport.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** Widget name => attribute name => sanitizer returning the clean value or null to drop it. */
function credimo_widget_attributes() {
    return array(
        'calculator' => array(
            'amount' => 'credimo_clean_amount',
            'term' => 'credimo_clean_term',
            'promocode' => 'credimo_clean_promocode',
            'product' => 'credimo_clean_term',
        ),
        // The inline registration (sign-in and the profile steps) and the signed-in customer's loan.
        'registration' => array(),
        'my-loan' => array(),
    );
}

/**
 * Widget name => the federated remote that serves it and the screen its mount shows (the calculator is its remote's
 * default screen). The loader loads only the remotes of the widgets a page has: a page with the calculator alone
 * downloads none of the others' code.
 */
function credimo_widget_remotes() {
    return array(
        'calculator' => array('calculator', null),
        'registration' => array('registration', 'registrationWidget'),
        'my-loan' => array('account', 'myLoanWidget'),
    );
}

function credimo_clean_amount($value) {
    $value = str_replace(',', '.', trim((string) $value));
    return is_numeric($value) && (float) $value > 0 && (float) $value <= 100000 ? round((float) $value, 2) : null;
}

function credimo_clean_term($value) {
    $value = trim((string) $value);
    return ctype_digit($value) && (int) $value > 0 && (int) $value <= 3650 ? (int) $value : null;
}

/** A promo code is trimmed, at most 10 uppercase alphanumerics; typed lowercase is raised. */
function credimo_clean_promocode($value) {
    $value = strtoupper(trim((string) $value));
    return preg_match('/^[A-Z0-9]{1,10}$/', $value) ? $value : null;
}

/** The clean props of a widget from raw attributes; unknown attributes and bad values are dropped. */
function credimo_widget_props($widget, $attributes) {
    $allowed = credimo_widget_attributes();
    $props = array();
    foreach ($allowed[$widget] as $name => $sanitizer) {
        if (isset($attributes[$name])) {
            $clean = call_user_func($sanitizer, $attributes[$name]);
            if ($clean !== null) {
                $props[$name] = $clean;
            }
        }
    }
    return $props;
}

/** The placeholder the loader looks for; a skeleton keeps the page's shape until the widget mounts. */
function credimo_render_widget($widget, $attributes) {
    $allowed = credimo_widget_attributes();
    $asked = $widget;
    $widget = credimo_widget_name($widget);
    if (!isset($allowed[$widget])) {
        return credimo_editor_notice(array(credimo_unknown_widget_message($asked)));
    }
    credimo_enqueue_styles();
    $notice = credimo_viewer_edits_page() ? credimo_editor_notice(credimo_widget_problems($widget, is_array($attributes) ? $attributes : array())) : '';
    $props = credimo_widget_props($widget, is_array($attributes) ? $attributes : array());
    $remotes = credimo_widget_remotes();
    list($remote, $screen) = $remotes[$widget];
    if ($screen !== null) {
        $props['screen'] = $screen;
    }
    // A widget whose first screen opens with static words has them painted in its skeleton (credimo_widget_paint).
    $paint = credimo_widget_paint();
    $skeleton = isset($paint['widgets'][$widget])
        ? '<div class="credimo-skeleton credimo-painted">' . $paint['widgets'][$widget] . '</div>'
        : '<div class="credimo-skeleton" aria-hidden="true"></div>';
    // The calculator's first state, figures included, and for the widget the table they come from
    // (calculator-paint.php).
    $calculator = $widget === 'calculator' ? credimo_calculator_paint($props) : null;
    if ($calculator !== null) {
        $skeleton = '<div class="credimo-skeleton credimo-painted">' . $calculator['html'] . '</div>';
        $props += $calculator['props'];
    }
    return $notice . sprintf(
        '<div class="credimo-widget" data-credimo-widget="%s" data-credimo-remote="%s" data-props="%s">%s</div>',
        esc_attr($widget),
        esc_attr($remote),
        esc_attr(wp_json_encode((object) $props)),
        $skeleton
    ) . credimo_inline_loader_once();
}

/**
 * The widgets' first paint (assets/widget-paint.json, written by `npm run paint:widgets` from the app's i18n
 * catalogue and the registration remote's screen rules): per widget, the static frame of its first screen, and the
 * rules that draw it. The page's largest text is then painted with the HTML, not after the widget's code has run;
 * the widget mounts the same words in the same box. Missing or unreadable, the plain skeleton is printed.
 */
function credimo_widget_paint() {
    static $paint = null;
    if ($paint === null) {
        $json = @file_get_contents(CREDIMO_DIR . 'assets/widget-paint.json');
        $decoded = is_string($json) ? json_decode($json, true) : null;
        $paint = is_array($decoded) && isset($decoded['css'], $decoded['widgets']) && is_array($decoded['widgets'])
            ? $decoded
            : array('css' => '', 'widgets' => array());
    }
    return $paint;
}

function credimo_shortcode($attributes) {
    $attributes = is_array($attributes) ? $attributes : array();
    $widget = isset($attributes['widget']) ? (string) $attributes['widget'] : 'calculator';
    return credimo_render_widget($widget, $attributes);
}
add_shortcode('credimo', 'credimo_shortcode');
