<?php
/**
 * The Credimo block: any widget of the allow-list (the calculator by default, as before), rendered on the server
 * by the shortcode's renderer.
 */

if (!defined('ABSPATH')) {
    exit;
}

function credimo_register_block() {
    register_block_type(CREDIMO_DIR . 'block', array(
        'render_callback' => function ($attributes) {
            $attributes = is_array($attributes) ? $attributes : array();
            $widget = isset($attributes['widget']) && $attributes['widget'] !== '' ? sanitize_key($attributes['widget']) : 'calculator';
            return credimo_render_widget($widget, $attributes);
        },
    ));
}
add_action('init', 'credimo_register_block');
