<?php
return array(
    'dependencies' => array('wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-i18n', 'wp-api-fetch', 'wp-server-side-render'),
    'version' => '0.2.0',
);
