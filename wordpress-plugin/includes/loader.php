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

/** Whether the page being served shows a widget, known before the head is printed. */
function credimo_page_has_widget() {
    $post = get_queried_object();
    if (!($post instanceof WP_Post)) {
        return false;
    }
    return has_shortcode($post->post_content, 'credimo') || has_block('credimo/calculator', $post);
}

/**
 * Pages known to carry a widget get the loader in the head, deferred, with hints to open the connections to
 * the widgets and the API early; a widget found later (a widget area) still enqueues it, in the footer.
 */
function credimo_enqueue_early() {
    if (!credimo_page_has_widget()) {
        return;
    }
    credimo_enqueue_loader(true);
    add_action('wp_head', 'credimo_print_hints', 1);
}
add_action('wp_enqueue_scripts', 'credimo_enqueue_early');

function credimo_print_hints() {
    $settings = credimo_settings();
    $origins = array();
    foreach (array('remotes_manifest_url', 'api_base_url') as $key) {
        $parts = wp_parse_url($settings[$key]);
        if (!empty($parts['scheme']) && !empty($parts['host'])) {
            $origins[] = $parts['scheme'] . '://' . $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
        }
    }
    foreach (array_unique($origins) as $origin) {
        printf("<link rel=\"preconnect\" href=\"%s\" crossorigin>\n", esc_url($origin));
    }
    printf("<link rel=\"preload\" href=\"%s\" as=\"fetch\" crossorigin>\n", esc_url($settings['remotes_manifest_url']));
    // The price table and settings the calculator asks for first (public and briefly cacheable).
    $api = untrailingslashit($settings['api_base_url']);
    $product = (int) $settings['default_product'];
    printf("<link rel=\"preload\" href=\"%s\" as=\"fetch\" crossorigin>\n", esc_url("$api/v2/products/$product/prices"));
    printf("<link rel=\"preload\" href=\"%s\" as=\"fetch\" crossorigin>\n", esc_url("$api/api/products/$product/settings"));
}

function credimo_enqueue_loader($in_head = false) {
    static $done = false;
    if ($done) {
        return;
    }
    $done = true;
    if ($in_head) {
        wp_script_add_data('credimo-loader', 'group', 0);
        wp_script_add_data('credimo-loader', 'strategy', 'defer');
    }
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
