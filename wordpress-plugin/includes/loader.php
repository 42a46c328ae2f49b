<?php
/**
 * The loader goes out once per page, and only on pages with a widget: inline, right after the first
 * placeholder, with its configuration. Inline, because it is tiny and a request for it would wait behind the
 * theme's own files.
 */

if (!defined('ABSPATH')) {
    exit;
}

function credimo_register_loader() {
    wp_register_style('credimo-widgets', false, array(), CREDIMO_VERSION);
    // Each widget's placeholder reserves the widget's final box for the width it is given (a container query on
    // the placeholder; the calculator's own CSS holds the same heights), so mounting moves nothing below it.
    // "My loan" reserves the sign-in prompt for a visitor, the loan's summary where a session cookie is
    // (credimo_print_session_mark): the widget's own CSS keeps the same two boxes.
    wp_add_inline_style(
        'credimo-widgets',
        '.credimo-widget{container-type:inline-size;min-height:120px}.credimo-skeleton{box-sizing:border-box;max-width:520px;height:120px;border-radius:12px;background:#eef1f4}[data-credimo-widget=calculator]>.credimo-skeleton{height:794px}[data-credimo-widget=registration]>.credimo-skeleton{height:630px;max-width:480px}[data-credimo-widget=my-loan]>.credimo-skeleton{height:158px}[data-credimo-signed-in] [data-credimo-widget=my-loan]>.credimo-skeleton{height:260px}@container (width < 260px){[data-credimo-widget=registration]>.credimo-skeleton{height:720px}}@container (260px <= width < 310px){[data-credimo-widget=registration]>.credimo-skeleton{height:700px}}@container (310px <= width < 350px){[data-credimo-widget=registration]>.credimo-skeleton{height:650px}}@container (350px <= width < 500px){[data-credimo-widget=registration]>.credimo-skeleton{height:630px}}@container (width < 320px){[data-credimo-widget=my-loan]>.credimo-skeleton{height:182px}}@container (width < 300px){[data-credimo-signed-in] [data-credimo-widget=my-loan]>.credimo-skeleton{height:300px}}@container (300px <= width < 340px){[data-credimo-signed-in] [data-credimo-widget=my-loan]>.credimo-skeleton{height:280px}}@container (width < 260px){[data-credimo-widget=calculator]>.credimo-skeleton{height:1010px}}@container (260px <= width < 310px){[data-credimo-widget=calculator]>.credimo-skeleton{height:986px}}@container (310px <= width < 350px){[data-credimo-widget=calculator]>.credimo-skeleton{height:966px}}@container (350px <= width < 370px){[data-credimo-widget=calculator]>.credimo-skeleton{height:866px}}@container (370px <= width < 470px){[data-credimo-widget=calculator]>.credimo-skeleton{height:818px}}'
        . '.credimo-widget-fallback{border:1px solid #b3261e;background:#fdecea;color:#5f1410;border-radius:8px;padding:16px}'
    );
}
add_action('init', 'credimo_register_loader');

/** The widgets the page being served shows (names, by shortcode and block), known before the head is printed. */
function credimo_page_widgets() {
    $post = get_queried_object();
    if (!($post instanceof WP_Post)) {
        return array();
    }
    // Asked by several head and content hooks of one request: the post's content is parsed once.
    static $known = array();
    $key = $post->ID . ':' . md5($post->post_content);
    if (isset($known[$key])) {
        return $known[$key];
    }
    $widgets = array();
    if (has_shortcode($post->post_content, 'credimo') && preg_match_all('/' . get_shortcode_regex(array('credimo')) . '/', $post->post_content, $found, PREG_SET_ORDER)) {
        foreach ($found as $shortcode) {
            $attributes = shortcode_parse_atts($shortcode[3]);
            $widgets[] = is_array($attributes) && isset($attributes['widget']) ? credimo_widget_name($attributes['widget']) : 'calculator';
        }
    }
    if (has_block('credimo/calculator', $post)) {
        $walk = function ($blocks) use (&$walk, &$widgets) {
            foreach ($blocks as $block) {
                if ($block['blockName'] === 'credimo/calculator') {
                    $widgets[] = empty($block['attrs']['widget']) ? 'calculator' : credimo_widget_name($block['attrs']['widget']);
                }
                if (!empty($block['innerBlocks'])) {
                    $walk($block['innerBlocks']);
                }
            }
        };
        $walk(parse_blocks($post->post_content));
    }
    return $known[$key] = array_values(array_unique($widgets));
}

/** Whether the page being served shows a widget. */
function credimo_page_has_widget() {
    return credimo_page_widgets() !== array();
}

/** The loader's source: the build writes loader.min.js next to the readable one; either works. */
function credimo_loader_source() {
    static $source = null;
    if ($source === null) {
        $file = file_exists(CREDIMO_DIR . 'assets/loader.min.js') ? 'assets/loader.min.js' : 'assets/loader.js';
        $source = (string) file_get_contents(CREDIMO_DIR . $file);
    }
    return $source;
}

/**
 * Pages known to carry a widget get hints in the head: open the connections to the widgets and the API and
 * fetch the remotes' config and the price table while the page is still arriving. (wp_enqueue_scripts runs
 * inside wp_head at priority 1, so the hints go at 2.)
 */
function credimo_enqueue_early() {
    if (!credimo_page_has_widget()) {
        return;
    }
    credimo_enqueue_styles();
    add_action('wp_head', 'credimo_print_hints', 2);
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
    credimo_print_calculator_answer();
    credimo_print_session_mark();
    $kept = credimo_kept_remotes();
    $calculator = in_array('calculator', credimo_page_widgets(), true);
    if ($kept === null) {
        printf("<link rel=\"preload\" href=\"%s\" as=\"fetch\" crossorigin>\n", esc_url($settings['remotes_manifest_url']));
    } elseif ($calculator) {
        // The loader has the config and the manifest inline; the calculator's first scripts start with the page.
        // Only the calculator's: the other widgets mount when near the viewport, and an unused preload is waste.
        // Low priority: the theme's render-blocking files go first, the painted calculator is not held back.
        foreach (credimo_remote_first_scripts($kept, 'calculator') as $script) {
            printf("<link rel=\"preload\" href=\"%s\" as=\"script\" fetchpriority=\"low\">\n", esc_url($script));
        }
    }
    // A painted calculator carries its table (data-credimo-seed): the widget asks for none.
    if (!$calculator || credimo_calculator_will_paint()) {
        return;
    }
    // The price table and settings the calculator asks for first (public and briefly cacheable).
    $api = untrailingslashit($settings['api_base_url']);
    $product = (int) $settings['default_product'];
    foreach (array("$api/v2/products/$product/prices", "$api/api/products/$product/settings") as $data) {
        printf("<link rel=\"preload\" href=\"%s\" as=\"fetch\" crossorigin>\n", esc_url($data));
    }
}

/** The widgets' styles (skeleton, fallback, the painted first screens), once per page with a widget. */
function credimo_enqueue_styles() {
    static $painted = false;
    if (!$painted) {
        $painted = true;
        // A painted skeleton spans the placeholder as the widget does and holds its heading's margins inside,
        // so its words sit where the widget's will; it keeps the reserved height.
        wp_add_inline_style(
            'credimo-widgets',
            '[data-credimo-widget]>.credimo-skeleton.credimo-painted{max-width:none;background:none;border-radius:0;display:flow-root}'
            . credimo_widget_paint()['css']
        );
    }
    wp_enqueue_style('credimo-widgets');
}

/**
 * The loader and its configuration, inline, once per page: printed right after the first placeholder so it
 * starts at once, without waiting for the theme's scripts at the end of the page.
 */
function credimo_inline_loader_once() {
    static $printed = false;
    if ($printed) {
        return '';
    }
    $printed = true;
    $settings = credimo_settings();
    $config = array(
        'configUrl' => $settings['remotes_manifest_url'],
        'apiBaseUrl' => $settings['api_base_url'],
        'appUrl' => $settings['app_url'],
        'productId' => (int) $settings['default_product'],
    );
    // The kept config and the manifests of this page's remotes: the loader asks for neither (remotes-kept.php).
    // What is not handed over (nothing kept, a widget from the theme's templates) the loader asks for.
    $kept = credimo_kept_remotes();
    $manifests = array();
    if ($kept !== null) {
        $config['config'] = $kept['config'];
        $remotes = credimo_widget_remotes();
        foreach (credimo_page_widgets() as $widget) {
            $name = isset($remotes[$widget]) ? $remotes[$widget][0] : null;
            // Not a remote that borrows the federation runtime: its runtime file's name changes with each deploy,
            // and a kept name would fail the widget until the next refresh. Its loader reads a fresh manifest.
            if ($name !== null && isset($kept['manifests'][$name]) && !isset($kept['manifests'][$name]['runtime'])) {
                $manifests[$name] = $kept['manifests'][$name];
            }
        }
    }
    $config['manifests'] = (object) $manifests;
    $source = 'window.credimoConfig=' . wp_json_encode($config, JSON_HEX_TAG | JSON_UNESCAPED_SLASHES) . ';' . credimo_loader_source();
    // With the page's nonce: the loader runs under a policy without 'unsafe-inline' (README.md,
    // Content-Security-Policy).
    return credimo_inline_script_tag('credimo-loader', $source);
}

/**
 * On a page with "my loan": marks the document when the widgets' session cookie is there, before the body is
 * painted, so the placeholder reserves the loan's summary for a signed-in customer and the short sign-in prompt
 * for a visitor (a page cache may keep the HTML, so PHP does not decide it).
 */
function credimo_print_session_mark() {
    if (!in_array('my-loan', credimo_page_widgets(), true)) {
        return;
    }
    echo credimo_inline_script_tag(
        'credimo-session-mark',
        "/(^|; )credimo_access_token=/.test(document.cookie)&&document.documentElement.setAttribute('data-credimo-signed-in','')"
    ) . "\n";
}
