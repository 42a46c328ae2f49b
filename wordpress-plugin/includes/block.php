<?php
/** The same calculator as a block: rendered on the server by the shortcode's renderer. */

if (!defined('ABSPATH')) {
    exit;
}

function credimo_register_block() {
    register_block_type(CREDIMO_DIR . 'block', array(
        'render_callback' => function ($attributes) {
            return credimo_render_widget('calculator', is_array($attributes) ? $attributes : array());
        },
    ));
}
add_action('init', 'credimo_register_block');
