<?php
/**
 * The Credimo block: any widget of the allow-list (the calculator by default, as before), rendered on the page by
 * the shortcode's renderer, and in the block editor as a preview (the widget's first screen as the page paints it,
 * with the values chosen and the notice editors get on the page). The editor's controls read the product's ranges
 * and check promo codes through two REST routes of the plugin.
 */

if (!defined('ABSPATH')) {
    exit;
}

function credimo_register_block() {
    $block = register_block_type(CREDIMO_DIR . 'block', array(
        'render_callback' => 'credimo_render_block',
    ));
    if ($block && !empty($block->editor_script_handles)) {
        foreach ($block->editor_script_handles as $handle) {
            wp_set_script_translations($handle, 'credimo', CREDIMO_DIR . 'languages');
        }
    }
}
add_action('init', 'credimo_register_block');

function credimo_render_block($attributes) {
    $attributes = is_array($attributes) ? $attributes : array();
    $widget = isset($attributes['widget']) && $attributes['widget'] !== '' ? (string) $attributes['widget'] : 'calculator';
    // The block editor's preview (its ServerSideRender asks with credimo_preview=1).
    if (defined('REST_REQUEST') && REST_REQUEST && !empty($_GET['credimo_preview'])) { // phpcs:ignore WordPress.Security.NonceVerification -- a read
        return credimo_render_block_preview($widget, $attributes);
    }
    return credimo_render_widget($widget, $attributes);
}

/** The widget as the editor will see it on the page, without its code: its first screen, its values, the notice. */
function credimo_render_block_preview($widget, $attributes) {
    $name = credimo_widget_name($widget);
    $labels = credimo_widget_labels();
    if (!isset($labels[$name])) {
        return credimo_editor_notice(array(credimo_unknown_widget_message($widget)));
    }
    $notice = credimo_editor_notice(credimo_widget_problems($name, $attributes));
    $card = 'box-sizing:border-box;max-width:520px;padding:24px;border:1px solid #dcdcde;border-radius:12px;background:#fff;color:#1b1f23;font:16px/1.5 system-ui,sans-serif';
    $paint = credimo_widget_paint();
    if (isset($paint['widgets'][$name])) {
        $body = '<style>' . $paint['css'] . '</style>' . $paint['widgets'][$name];
    } elseif ($name === 'calculator') {
        $product = credimo_product();
        $amount = isset($attributes['amount']) ? credimo_clean_amount($attributes['amount']) : null;
        $term = isset($attributes['term']) ? credimo_clean_term($attributes['term']) : null;
        $rows = array(
            __('Amount', 'credimo') => $amount !== null ? credimo_euros($amount) . ' €' : __('the product\'s default', 'credimo'),
            __('Term', 'credimo') => $term !== null ? sprintf(_n('%d day', '%d days', $term, 'credimo'), $term) : __('the product\'s default', 'credimo'),
        );
        if (!empty($attributes['promocode'])) {
            $rows[__('Promo code', 'credimo')] = strtoupper(trim((string) $attributes['promocode']));
        }
        $body = '<h2 style="font-size:1.5rem;margin:0 0 12px">' . esc_html__('How much do you need?', 'credimo') . '</h2><dl style="display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 16px">';
        foreach ($rows as $term_label => $value) {
            $body .= '<dt style="font-weight:600">' . esc_html($term_label) . '</dt><dd style="margin:0">' . esc_html($value) . '</dd>';
        }
        $body .= '</dl>';
        if ($product) {
            $body .= '<p style="margin:0 0 16px;color:#50575e;font-size:14px">' . esc_html(sprintf(
                /* translators: 1: product id, 2: minimum amount, 3: maximum amount, 4: minimum term, 5: maximum term */
                __('Product %1$d: amounts from %2$s to %3$s €, terms from %4$d to %5$d days.', 'credimo'),
                $product['id'],
                credimo_euros($product['amount']['min']),
                credimo_euros($product['amount']['max']),
                $product['term']['min'],
                $product['term']['max']
            )) . '</p>';
        }
        $body .= '<span style="display:inline-block;padding:10px 24px;border-radius:8px;background:#0b5c3b;color:#fff;font-weight:600">' . esc_html__('Apply', 'credimo') . '</span>';
    } else {
        $body = '<h2 style="font-size:1.5rem;margin:0 0 8px">' . esc_html__('My loan', 'credimo') . '</h2><p style="margin:0">'
            . esc_html__('Signed in: the current loan\'s status, amount, due date and amount to repay today, and "Go to my account". Signed out: a sign-in prompt.', 'credimo') . '</p>';
    }
    return $notice . '<div class="credimo-block-preview" data-credimo-preview="' . esc_attr($name) . '" style="' . esc_attr($card) . '">'
        . '<p style="margin:0 0 12px;font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#50575e">'
        . esc_html(sprintf(
            /* translators: %s: the widget's name */
            __('Preview: %s (on the page, the live widget)', 'credimo'),
            $labels[$name]
        )) . '</p>' . $body . '</div>';
}

/** The block's controls: the default product's ranges, and whether a promo code exists. */
function credimo_register_block_routes() {
    $can_edit = function () {
        return current_user_can('edit_posts');
    };
    register_rest_route('credimo/v1', '/product', array(
        'methods' => 'GET',
        'permission_callback' => $can_edit,
        'callback' => function () {
            $product = credimo_product();
            return $product
                ? rest_ensure_response($product)
                : new WP_Error('credimo_api_unreachable', __('The API does not answer: the amount and the term cannot be checked (Settings > Credimo).', 'credimo'), array('status' => 503));
        },
    ));
    register_rest_route('credimo/v1', '/promocode', array(
        'methods' => 'GET',
        'permission_callback' => $can_edit,
        'args' => array('code' => array('type' => 'string', 'required' => true)),
        'callback' => function ($request) {
            $code = credimo_clean_promocode($request['code']);
            return rest_ensure_response(array('valid' => $code === null ? false : credimo_promocode_is_valid($code)));
        },
    ));
}
add_action('rest_api_init', 'credimo_register_block_routes');
