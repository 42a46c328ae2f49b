<?php
/**
 * The loader goes out once per page, and only on pages with a widget: the shortcode enqueues it while the
 * content renders, and WordPress prints it in the footer with the configuration inline before it.
 */

if (!defined('ABSPATH')) {
    exit;
}

function credimo_register_loader() {
    // The build writes loader.min.js next to the readable source; either works.
    $file = file_exists(CREDIMO_DIR . 'assets/loader.min.js') ? 'assets/loader.min.js' : 'assets/loader.js';
    wp_register_script('credimo-loader', CREDIMO_URL . $file, array(), CREDIMO_VERSION, true);
    wp_register_style('credimo-widgets', false, array(), CREDIMO_VERSION);
    wp_add_inline_style(
        'credimo-widgets',
        '.credimo-widget{min-height:120px}.credimo-skeleton{min-height:420px;border-radius:12px;background:#eef1f4}'
        . '.credimo-widget-fallback{border:1px solid #b3261e;background:#fdecea;color:#5f1410;border-radius:8px;padding:16px}'
    );
}
add_action('init', 'credimo_register_loader');

function credimo_enqueue_loader() {
    static $done = false;
    if ($done) {
        return;
    }
    $done = true;
    $settings = credimo_settings();
    $config = array(
        'configUrl' => $settings['remotes_manifest_url'],
        'apiBaseUrl' => $settings['api_base_url'],
        'appUrl' => $settings['app_url'],
        'productId' => (int) $settings['default_product'],
    );
    wp_enqueue_style('credimo-widgets');
    wp_enqueue_script('credimo-loader');
    wp_add_inline_script('credimo-loader', 'window.credimoConfig=' . wp_json_encode($config) . ';', 'before');
}
